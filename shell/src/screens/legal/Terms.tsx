import { LegalPage } from './LegalPage';

/** `/terms`: the rules everyone on Cove agrees to at sign-up. */
export function Terms() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 2026"
      other={{ to: '/privacy', label: 'Privacy Policy' }}
    >
      <p>
        Cove lets fans chat one to one with creators, and buy credits to send messages, unlock media and tip.
        By creating an account you agree to these terms.
      </p>
      <h2>Who can use Cove</h2>
      <p>
        You must be 18 or older. You confirm this when you create your account, and we close accounts when we
        learn otherwise.
      </p>
      <h2>Your account</h2>
      <p>
        You sign in with a link sent to your email, so keep your mailbox safe. You are responsible for what is
        sent from your account. You can schedule your account for deletion in your settings; it is deleted
        when the grace period ends unless you cancel before then.
      </p>
      <h2>How to behave</h2>
      <p>
        Be respectful. Do not harass anyone, share content you have no right to share, ask for payment outside
        Cove, or break the law. We may warn, freeze, ban or terminate accounts that break these rules, and a
        terminated account cannot sign in again.
      </p>
      <h2>Credits and purchases</h2>
      <p>
        Credits are bought in packages and spent inside Cove; they are not money and cannot be exchanged back.
        What you unlock stays yours to view, even if the creator later leaves Cove.
      </p>
      <h2>Creators</h2>
      <p>
        Creators are verified before they are listed. They own their content and grant Cove the right to show
        it to the fans they send it to. Creators may choose the countries their profile is available in.
        Earnings are paid out under the payout rules shown in the earnings pages.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms; when we do, we change the date above and tell you in the app.</p>
    </LegalPage>
  );
}
