import { publicPageUsername, type RemoteAppProps } from '@cove/contracts';
import { QueryRoot } from '@cove/runtime/query';
import { RemoteRoot } from '@cove/ui';
import { Navigate, Route, Routes, useResolvedPath } from '@cove/router';
import { DiscoverCards, useSuggestions } from './features/cards/DiscoverCards';
import { DiscoverFeed } from './features/feed/DiscoverFeed';
import { HomeFeed } from './features/home/HomeFeed';
import { CreatorProfile } from './features/profile/CreatorProfile';
import { PublicPage } from './features/profile/PublicPage';

/**
 * What this remote was built against: the shell refuses to run it on a page of other versions.
 * @public read by the shell from the federated module, not imported
 */
export { builtWith } from '@cove/contracts';

/** `/discover`: the suggested creators over the feed, which waits for them. */
function DiscoverIndex() {
  const suggestions = useSuggestions();
  return (
    <DiscoverFeed above={<DiscoverCards cards={suggestions.cards} />} aboveSettled={suggestions.settled} />
  );
}

/**
 * Under /discover/*: the feed. Under /creators/*: profiles. Under /home/*: the fan's home feed. At
 * /{username}: that creator's public page.
 */
function DiscoverRoutes() {
  const mount = useResolvedPath('').pathname;
  const username = publicPageUsername(mount);
  if (username) {
    return (
      <Routes>
        <Route index element={<PublicPage username={username} />} />
        <Route path="*" element={<Navigate to={mount} replace />} />
      </Routes>
    );
  }
  if (mount.startsWith('/home')) {
    return (
      <Routes>
        <Route index element={<HomeFeed />} />
        <Route path="*" element={<Navigate to="/home" replace />} />
      </Routes>
    );
  }
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
      <Route index element={<DiscoverIndex />} />
      <Route path="*" element={<Navigate to="/discover" replace />} />
    </Routes>
  );
}

/** The discover remote: mounted by the shell at /discover/*, /creators/*, /home/* and /{username}. */
export default function App({ host }: RemoteAppProps) {
  return (
    <RemoteRoot host={host} name="discover">
      <QueryRoot>
        <DiscoverRoutes />
      </QueryRoot>
    </RemoteRoot>
  );
}
