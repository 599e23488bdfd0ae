import { LegalPage } from './LegalPage';

/** `/privacy`: what Cove keeps about people, why, and for how long. */
export function Privacy() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 2026"
      other={{ to: '/terms', label: 'Terms of Service' }}
    >
      <p>This page says, in plain words, what Cove keeps about you and what it does with it.</p>
      <h2>What we keep</h2>
      <p>
        Your email address, your profile (username, picture, bio, tags), your chats and the media you send,
        your purchases and credit balance, and, for creators, payout details and identity checks. We keep the
        country your connection comes from only to apply creators' country choices.
      </p>
      <h2>Why</h2>
      <p>
        To sign you in, deliver your messages, process payments and payouts, keep Cove safe, and send the
        notifications you chose in your settings. We do not sell your data.
      </p>
      <h2>Deleting your account</h2>
      <p>
        When you delete your account, your email, profile, sessions, saved cards, payout methods and the media
        nobody bought are erased. Records of payments and purchases are kept because the law and our books
        require it, and media someone paid for stays viewable for them.
      </p>
      <h2>Your choices</h2>
      <p>
        You can change your notification settings, hide your profile, block people, and ask support what we
        keep about you.
      </p>
    </LegalPage>
  );
}
