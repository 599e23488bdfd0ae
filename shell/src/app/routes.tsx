import { homePath, publicPageRemote, publicPageUsername, remoteMounts } from '@cove/contracts';
import { Navigate, Route, Routes, useLocation } from '@cove/router';
import { RemoteSlot } from '../federation/RemoteSlot';
import {
  DeepLink,
  Maintenance,
  MobileHandoff,
  Privacy,
  Terms,
  ThreeDsCallback,
  TokenCleanup,
} from './lazy-screens';
import { Login } from '../screens/login/Login';
import { NotFound } from '../screens/NotFound';

/** `/{username}`: a creator's public page, shown by its remote; any other single segment is nobody's. */
function PublicPageSlot() {
  const { pathname } = useLocation();
  return publicPageUsername(pathname) ? (
    <RemoteSlot key={publicPageRemote} remote={publicPageRemote} />
  ) : (
    <NotFound />
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={homePath} replace />} />
      <Route path="/login" element={<Login />} />
      <Route path="/mobile" element={<MobileHandoff />} />
      <Route path="/branch" element={<DeepLink />} />
      <Route path="/3ds-callback" element={<ThreeDsCallback />} />
      <Route path="/maintenance" element={<Maintenance />} />
      <Route path="/clear-token" element={<TokenCleanup />} />
      {/* The spec's /apply (the identity check comes back here); the form lives in the account area. */}
      <Route path="/apply" element={<Navigate to="/account/apply" replace />} />
      <Route path="/terms" element={<Terms />} />
      <Route path="/privacy" element={<Privacy />} />
      {remoteMounts.map((m) => (
        <Route key={m.path} path={m.path} element={<RemoteSlot key={m.remote} remote={m.remote} />} />
      ))}
      <Route path="/:username/*" element={<PublicPageSlot />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
