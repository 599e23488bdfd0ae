import { errorText, type IdVerification } from '@cove/contracts';
import { requestState, useSession } from '@cove/runtime';
import { ButtonLink, EmptyState, kit, RequestView } from '@cove/ui';
import { useId } from 'react';
import { useIdVerification } from './api/id-verification';
import { ApplyForm } from './components/ApplyForm';
import { IdentityStep } from './components/IdentityStep';
import styles from './Apply.module.css';

const steps = ['Your profile', 'Identity check', 'Review'] as const;

/** Which step the application is at: 0 the form, 1 the identity check, 2 staff's review. */
function stepOf(state: IdVerification): number {
  if (state.application === 'none') return 0;
  return state.identity_check === 'verified' ? 2 : 1;
}

/**
 * `/apply` (the shell sends it here, `/account/apply`): a fan applies to become a creator, takes the
 * sandbox identity check, then waits for staff (docs/rules.md, "Becoming a creator"). The user's own
 * record decides first: the shell reloads it on `approved` and `onboarding_rejected`.
 */
export function Apply() {
  const { user } = useSession();
  const query = useIdVerification();
  const headingId = useId();
  if (!user) return null;
  if (user.type === 'featured') {
    return (
      <EmptyState icon="🎉" title="You are a creator">
        Your account is verified. Set up your profile photo and prices, then say hello to your fans.
        <ButtonLink to="/account/edit-profile">Edit your profile</ButtonLink>
      </EmptyState>
    );
  }
  return (
    <section className={styles.screen} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Become a creator
      </h2>
      <RequestView state={requestState(query)} retry={() => void query.refetch()}>
        {(state) => {
          if (user.id_verification_status === 'rejected' || state.application === 'rejected') {
            return (
              <p className={kit.error} role="alert">
                {errorText('application_rejected')}
              </p>
            );
          }
          const step = stepOf(state);
          return (
            <>
              <ol className={styles.steps} aria-label="Application steps">
                {steps.map((name, i) => (
                  <li
                    key={name}
                    className={i < step ? styles.done : i === step ? styles.current : undefined}
                    aria-current={i === step ? 'step' : undefined}
                  >
                    {name}
                  </li>
                ))}
              </ol>
              {step === 0 && <ApplyForm />}
              {step === 1 && <IdentityStep state={state} />}
              {step === 2 && (
                <div className={`${kit.panel} ${kit.roomy}`} role="status">
                  <h3 className={styles.subtitle}>Your application is in review</h3>
                  <p className={kit.hint}>
                    Your identity check passed. Our team is reviewing your application; this page updates as
                    soon as they decide.
                  </p>
                </div>
              )}
            </>
          );
        }}
      </RequestView>
    </section>
  );
}
