import type { RemoteAppProps } from '@cove/contracts';
import { RemoteRoot } from '@cove/ui';
import { Navigate, Route, Routes, useResolvedPath } from 'react-router-dom';
import { DiscoverFeed } from './features/feed/DiscoverFeed';
import { CreatorProfile } from './features/profile/CreatorProfile';

/** Under /discover/*: the feed. Under /creators/*: profiles. */
function DiscoverRoutes() {
  const mount = useResolvedPath('').pathname;
  if (mount.startsWith('/creators')) {
    return (
      <Routes>
        <Route index element={<Navigate to="/discover" replace />} />
        <Route path=":creatorId/*" element={<CreatorProfile />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<DiscoverFeed />} />
      <Route path="*" element={<Navigate to="/discover" replace />} />
    </Routes>
  );
}

/** The discover remote: mounted by the shell at /discover/* and /creators/*. */
export default function App({ host }: RemoteAppProps) {
  return (
    <RemoteRoot host={host} name="discover">
      <DiscoverRoutes />
    </RemoteRoot>
  );
}
