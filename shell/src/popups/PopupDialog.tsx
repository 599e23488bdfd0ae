import type { BackTargetState, PopupOutcome } from '@cove/contracts';
import { Button, Sheet, SheetActions, sheetTitle } from '@cove/ui';
import { useCallback } from 'react';
import { useShell } from '../services/shell-context';
import { updateUser } from '@cove/runtime/shell';
import { EmailVerification } from './email-verification/EmailVerification';
import { popupContent, type PopupAction } from './popup-content';
import { GenderForm, inviteCodeProblem, TextValueForm, UsernameForm } from './PopupForms';
import styles from './Popup.module.css';
import type { OpenPopup } from '../services/popup-store';

export type ShellPopup = OpenPopup & { spec: Exclude<OpenPopup['spec'], { kind: 'confirm-charge' }> };

/** One popup of the shell's own (every kind but a charge's confirmation). */
export function PopupDialog({
  popup,
  onFinish,
}: {
  popup: ShellPopup;
  onFinish(outcome: PopupOutcome): void;
}) {
  const { host } = useShell();
  const content = popupContent(popup.spec);
  const titleId = `${popup.id}-title`;
  const dismiss = useCallback(() => onFinish({ action: 'dismiss' }), [onFinish]);
  const confirm = useCallback((value?: string) => onFinish({ action: 'confirm', value }), [onFinish]);

  const act = (action: PopupAction, outcome: PopupOutcome) => () => {
    onFinish(outcome);
    if (!action.to) return;
    if (action.backTo) {
      const state: BackTargetState = { backTo: action.backTo };
      if (action.purchase) state.purchase = action.purchase;
      host.navigate(action.to, { state });
    } else host.navigate(action.to);
  };
  const variant = (a: PopupAction) =>
    a.tone === 'danger' ? 'danger' : a.tone === 'secondary' ? 'secondary' : 'primary';
  const image = popup.spec.kind === 'generic' ? popup.spec.image : undefined;

  return (
    // Every popup has a Close button, so every one is dismissible and Escape closes it.
    <Sheet titleId={titleId} onClose={dismiss} opener={popup.opener} className={styles.dialog}>
      <button type="button" className={styles.close} aria-label="Close" onClick={dismiss}>
        ×
      </button>
      {image ? (
        <img className={styles.image} src={image} alt="" />
      ) : (
        content.icon && (
          <span className={styles.icon} aria-hidden="true">
            {content.icon}
          </span>
        )
      )}
      {popup.spec.kind === 'email-verification' ? (
        <EmailVerification
          spec={popup.spec}
          host={host}
          titleId={titleId}
          onVerified={(user) => updateUser(host.session, user)}
          onDone={confirm}
        />
      ) : (
        <>
          <h2 id={titleId} className={sheetTitle}>
            {content.title}
          </h2>
          {content.body && <div className={styles.body}>{content.body}</div>}
        </>
      )}
      {content.form === 'gender' && <GenderForm host={host} onConfirm={confirm} />}
      {content.form === 'invite-code' && (
        <TextValueForm
          label="Invite code"
          submitLabel="Add code"
          validate={inviteCodeProblem}
          onConfirm={confirm}
        />
      )}
      {content.form === 'username' && <UsernameForm host={host} onConfirm={confirm} />}
      {(content.primary || content.secondary) && (
        <SheetActions>
          {content.primary && (
            <Button variant={variant(content.primary)} onClick={act(content.primary, { action: 'confirm' })}>
              {content.primary.label}
            </Button>
          )}
          {content.secondary && (
            <Button
              variant={variant(content.secondary)}
              onClick={act(content.secondary, { action: 'secondary' })}
            >
              {content.secondary.label}
            </Button>
          )}
        </SheetActions>
      )}
    </Sheet>
  );
}
