import { useDocumentTitle } from '@cove/ui';
import { useStore } from '@cove/runtime';
import { Navigate, useSearchParams } from '@cove/router';
import { useShell } from '../../services/shell-context';
import { landingAfterSignIn } from '../../session/landing';
import { EmailSignIn } from './EmailSignIn';
import { LinkLanding } from './LinkLanding';
import { SecondStep } from './SecondStep';

/**
 * `/login`: the email form and 'check your email' (`POST /v1/users/sign`), the landing of the
 * emailed link, `/login?token=…` (`POST /v1/auth`), and with a second factor on its step, `/login?step=code`. Someone already signed in goes where a sign-in leads.
 */
export function Login() {
  useDocumentTitle('Sign in');
  const { host, account } = useShell();
  const { status, user } = useStore(host.session);
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <LinkLanding token={token} />;
  if (params.get('step') === 'code' && account.hasSecondStep()) return <SecondStep />;
  if (status === 'signed-in' && user) return <Navigate to={landingAfterSignIn(user, null)} replace />;
  return <EmailSignIn />;
}
