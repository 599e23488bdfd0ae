import { type DiscoverWarning, messageResponse, publicPagePath } from '@cove/contracts';
import { errorMessage, maskEmail, useObservable, useStore } from '@cove/runtime';
import { Button, ButtonLink } from '@cove/ui';
import { useState, type ReactNode } from 'react';
import { useShell } from '../services/shell-context';
import { runOnboarding } from '../onboarding/onboarding';
import { codeWasSent, verificationState } from '../session/verification-state';
import { bannersFor, type BannerKind, dismissible, type ListingOff } from './banners';
import { bannerDismissals, dismissBanner, dismissedFor } from './banner-dismissals';
import { useEngagementSignals } from './use-engagement-signals';
import styles from './Banners.module.css';

const dateText = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })
    : 'soon';

const dateTimeText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  });

function Banner({
  tone = 'info',
  children,
  action,
  onDismiss,
}: {
  tone?: 'info' | 'warn';
  children: ReactNode;
  action?: ReactNode;
  onDismiss?: (() => void) | undefined;
}) {
  return (
    <div className={tone === 'warn' ? `${styles.banner} ${styles.warn}` : styles.banner} role="status">
      <p className={styles.text}>{children}</p>
      {(action || onDismiss) && (
        <div className={styles.actions}>
          {action}
          {onDismiss && (
            <button type="button" className={styles.close} aria-label="Dismiss" onClick={onDismiss}>
              ×
            </button>
          )}
        </div>
      )}
    </div>
  );
}

const warningTitle: Record<DiscoverWarning['level'], string> = {
  punishment_alert: 'Warning about your Discover listing',
  final_punishment_alert: 'Final warning about your Discover listing',
  penalty: 'Penalty to your profile visibility',
};

function warningText(w: DiscoverWarning, rank: number | null): string {
  const why = w.reason ? ` Reason: ${w.reason}.` : '';
  const place = rank === null ? '' : ` Your place in Discover: #${rank}.`;
  return w.level === 'penalty'
    ? `${warningTitle.penalty}: you are shown after other creators in Discover until ${dateTimeText(w.ends_at)}.${why}${place}`
    : `${warningTitle[w.level]}.${why} ${
        w.level === 'final_punishment_alert'
          ? 'Another one lowers your place in Discover for 7 days.'
          : 'Please keep to the community rules.'
      } It stands until ${dateTimeText(w.ends_at)}.`;
}

const listingText: Record<ListingOff, string> = {
  no_discover:
    'Your featured listing is disabled: Cove staff turned off your Discover listing. Fans still reach you by your link.',
  denied: 'Your featured listing is disabled: Cove staff restricted your profile, so it is not in Discover.',
  'not-featured':
    'You are not in Discover’s Featured tab yet: fans find you under Everyone. Cove staff choose who is featured.',
};

function BannerView({ banner, onDismiss }: { banner: BannerKind; onDismiss?: (() => void) | undefined }) {
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
  const username = host.session.user?.username ?? '';
  const openBoost = () =>
    host.popups.open({
      kind: 'boost-referral',
      id: 'boost-referral',
      ...(username
        ? {
            referralLink: `${window.location.origin}${publicPagePath(username)}?code=${encodeURIComponent(username)}`,
          }
        : {}),
    });

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
    case 'discover-warning':
      return <Banner tone="warn">{warningText(banner.warning, banner.rank)}</Banner>;
    case 'invisible-profile':
      return (
        <Banner tone="warn" action={<ButtonLink to="/account/settings/privacy">Privacy settings</ButtonLink>}>
          Your profile is invisible: fans cannot find you in Discover or open your page.
        </Banner>
      );
    case 'listing-disabled':
      return (
        <Banner tone="warn" onDismiss={onDismiss}>
          {listingText[banner.why]}
        </Banner>
      );
    case 'get-more-chats':
      return (
        <Banner action={<Button onClick={openBoost}>Get more chats</Button>} onDismiss={onDismiss}>
          Get more chats: share your link, and everyone who joins with it sees you first in Discover.
        </Banner>
      );
    case 'boost-active':
      return (
        <Banner action={<Button onClick={openBoost}>Share link</Button>} onDismiss={onDismiss}>
          Boost active:{' '}
          {banner.referred === 1
            ? '1 person who joined with your link sees'
            : `${banner.referred} people who joined with your link see`}{' '}
          you first in Discover.
        </Banner>
      );
    case 'start-first-chat':
      return (
        <Banner action={<ButtonLink to="/discover">Find creators</ButtonLink>} onDismiss={onDismiss}>
          Start your first chat: find a creator you like and say hi.
        </Banner>
      );
  }
}

/**
 * The shell's banners under the header: connection, deletion, verify email, complete profile, a
 * creator's place in Discover, and the engagement nudges (docs/rules.md, Creator signals).
 */
export function Banners() {
  const { host } = useShell();
  const session = useStore(host.session);
  const { codeSentAt } = useStore(verificationState);
  useStore(bannerDismissals);
  const connection = useObservable(host.bus.connection$, 'connected');
  const userId = session.user?._id ?? null;
  const signals = useEngagementSignals(host, userId);
  const banners = bannersFor({
    user: session.user,
    connection,
    codeSentAt,
    features: session.config?.features ?? {},
    signals,
    ...(userId ? { dismissed: dismissedFor(userId) } : {}),
  });
  if (banners.length === 0) return null;
  return (
    <aside className={styles.banners} aria-label="Notices">
      {banners.map((b) => {
        const key = dismissible(b);
        return (
          <BannerView
            key={b.kind}
            banner={b}
            onDismiss={key && userId ? () => dismissBanner(userId, key) : undefined}
          />
        );
      })}
    </aside>
  );
}
