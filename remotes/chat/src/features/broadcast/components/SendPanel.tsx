import { formatDate } from '@cove/runtime';
import { Button } from '@cove/ui';
import type { ReactNode } from 'react';
import type { SendStage } from './use-broadcast-send';
import styles from './Broadcast.module.css';

/** A send that went (or will): what happened, and a new broadcast. */
function Ended({ onNew, children }: { onNew(): void; children: ReactNode }) {
  return (
    <div className={styles.stageDone} role="status">
      <p>{children}</p>
      <Button variant="secondary" onClick={onNew}>
        New broadcast
      </Button>
    </div>
  );
}

/** A send that did not go: why, what to do next and, when the draft can be changed, a way back to it. */
function Problem({
  title,
  next,
  onEdit,
  children,
}: {
  title: string;
  next: { label: string; onClick(): void };
  onEdit?: () => void;
  children: ReactNode;
}) {
  const nextButton = (
    <Button variant="secondary" onClick={next.onClick}>
      {next.label}
    </Button>
  );
  return (
    <div className={styles.problem} role="alert">
      <strong>{title}</strong>
      <p>{children}</p>
      {onEdit ? (
        <div className={styles.actions}>
          {nextButton}
          <Button variant="ghost" onClick={onEdit}>
            Edit the broadcast
          </Button>
        </div>
      ) : (
        nextButton
      )}
    </div>
  );
}

/**
 * The spec's send progress as the creator reads it: Uploading, Confirming, Broadcasting, then how it
 * ended (sent, scheduled, Banned, Error with the server's words and Retry, or Error when the server
 * gave up writing it).
 */
export function StageView({
  stage,
  uploadPercent,
  onRetry,
  onEdit,
  onNew,
}: {
  stage: SendStage;
  /** A draft file on its way, or null. */
  uploadPercent: number | null;
  onRetry(): void;
  /** Back to the draft after an error: what is sent then is a new broadcast. */
  onEdit(): void;
  onNew(): void;
}) {
  if (uploadPercent !== null && stage.kind === 'none') {
    return <p className={styles.stage} role="status">{`Uploading… ${uploadPercent}%`}</p>;
  }
  switch (stage.kind) {
    case 'none':
      return <p className={styles.stage} role="status" />;
    case 'confirming':
      return (
        <p className={styles.stage} role="status">
          Confirming…
        </p>
      );
    case 'broadcasting':
      return (
        <p className={styles.stage} role="status">
          Broadcasting… Your message is on its way to every recipient.
        </p>
      );
    case 'done':
      return (
        <Ended onNew={onNew}>
          {stage.sent === null
            ? 'Broadcast sent.'
            : `Broadcast sent to ${stage.sent} ${stage.sent === 1 ? 'chat' : 'chats'}.`}
        </Ended>
      );
    case 'failed':
      // The spec's Error stage; it gives no text for it.
      return (
        <Problem title="Error" next={{ label: 'New broadcast', onClick: onNew }} onEdit={onEdit}>
          This broadcast could not be finished. It reached {stage.sent} {stage.sent === 1 ? 'chat' : 'chats'};
          the others did not get it.
        </Problem>
      );
    case 'scheduled':
      return (
        <Ended onNew={onNew}>
          Scheduled for {formatDate(stage.broadcast.send_at)} at{' '}
          {new Date(stage.broadcast.send_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.
        </Ended>
      );
    case 'banned':
      return (
        <Problem title="Banned" next={{ label: 'Start over', onClick: onNew }}>
          {stage.message}
        </Problem>
      );
    case 'error':
      return (
        <Problem title="Error" next={{ label: 'Retry', onClick: onRetry }} onEdit={onEdit}>
          {stage.message}
        </Problem>
      );
  }
}
