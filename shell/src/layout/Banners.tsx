import { messageResponse } from '@cove/contracts';
import { errorMessage, maskEmail, useObservable, useStore } from '@cove/runtime';
import { Button, ButtonLink } from '@cove/ui';
import { useState, type ReactNode } from 'react';
import { useShell } from '../services/shell-context';
import { runOnboarding } from '../onboarding/onboarding';
import { codeWasSent, verificationState } from '../session/verification-state';
import { bannersFor, type BannerKind } from './banners';
import styles from './Banners.module.css';

const dateText = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })
    : 'soon';

function Banner({
  tone = 'info',
  children,
  action,
}: {
  tone?: 'info' | 'warn';
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={tone === 'warn' ? `${styles.banner} ${styles.warn}` : styles.banner} role="status">
      <p className={styles.text}>{children}</p>
      {action}
    </div>
  );
}

function BannerView({ banner }: { banner: BannerKind }) {
  const { host, account } = useShell();
  const email = host.session.user?.email ?? '';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function attempt(fn: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const failure = error && <span className={styles.error}> {error}</span>;

  switch (banner.kind) {
    case 'disconnected':
      return (
        <Banner tone="warn">Reconnecting… New messages will appear as soon as you're back online.</Banner>
      );
    case 'deletion-scheduled':
      return (
        <Banner
          tone="warn"
          action={
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => void attempt(() => account.patch({ deleted_scheduled: false }))}
            >
              Keep my account
            </Button>
          }
        >
          Your account will be deleted on {dateText(banner.deleteAt)}.{failure}
        </Banner>
      );
    case 'verify-email':
      return banner.variant === 'code-sent' ? (
        <Banner action={<Button onClick={() => void runOnboarding(host, true)}>Enter code</Button>}>
          We sent a 4-digit code to {maskEmail(email)}. Enter it to verify your email.
        </Banner>
      ) : (
        <Banner
          action={
            <Button
              disabled={busy}
              onClick={() =>
                void attempt(async () => {
                  await host.api.post(
                    '/v1/users/resend-verify',
                    { email, web: true, react_flow: true },
                    { schema: messageResponse },
                  );
                  codeWasSent();
                  void runOnboarding(host, true);
                })
              }
            >
              Send code
            </Button>
          }
        >
          Please verify your email address so you never lose access to your account.{failure}
        </Banner>
      );
    case 'complete-profile':
      return (
        <Banner action={<Button onClick={() => void runOnboarding(host, true)}>Complete profile</Button>}>
          {banner.missing === 'username'
            ? 'Choose a username so creators know who they are chatting with.'
            : 'Tell us how you identify to finish your profile.'}
        </Banner>
      );
    case 'creator-profile':
      return banner.missing === 'avatar' ? (
        <Banner action={<ButtonLink to="/account/edit-profile">Add a photo</ButtonLink>}>
          Fans are far more likely to start a chat with a creator who has a profile photo.
        </Banner>
      ) : (
        <Banner action={<ButtonLink to="/account/edit-profile">Write a bio</ButtonLink>}>
          Complete your profile: a line about you helps fans decide to start a chat.
        </Banner>
      );
  }
}

/** The shell's banners under the header: connection, deletion, verify email, complete profile. */
export function Banners() {
  const { host } = useShell();
  const session = useStore(host.session);
  const { codeSentAt } = useStore(verificationState);
  const connection = useObservable(host.bus.connection$, 'connected');
  const banners = bannersFor({ user: session.user, connection, codeSentAt });
  if (banners.length === 0) return null;
  return (
    <aside className={styles.banners} aria-label="Notices">
      {banners.map((b) => (
        <BannerView key={b.kind} banner={b} />
      ))}
    </aside>
  );
}
