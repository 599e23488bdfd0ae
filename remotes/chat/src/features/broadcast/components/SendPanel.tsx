import { formatDate } from '@cove/runtime';
import { Button } from '@cove/ui';
import type { SendStage } from './use-broadcast-send';
import styles from './Broadcast.module.css';

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
        <div className={styles.stageDone} role="status">
          <p>
            {stage.sent === null
              ? 'Broadcast sent.'
              : `Broadcast sent to ${stage.sent} ${stage.sent === 1 ? 'chat' : 'chats'}.`}
          </p>
          <Button variant="secondary" onClick={onNew}>
            New broadcast
          </Button>
        </div>
      );
    case 'failed':
      // The spec's Error stage; it gives no text for it.
      return (
        <div className={styles.problem} role="alert">
          <strong>Error</strong>
          <p>
            This broadcast could not be finished. It reached {stage.sent}{' '}
            {stage.sent === 1 ? 'chat' : 'chats'}; the others did not get it.
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onNew}>
              New broadcast
            </Button>
            <Button variant="ghost" onClick={onEdit}>
              Edit the broadcast
            </Button>
          </div>
        </div>
      );
    case 'scheduled':
      return (
        <div className={styles.stageDone} role="status">
          <p>
            Scheduled for {formatDate(stage.broadcast.send_at)} at{' '}
            {new Date(stage.broadcast.send_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
            .
          </p>
          <Button variant="secondary" onClick={onNew}>
            New broadcast
          </Button>
        </div>
      );
    case 'banned':
      return (
        <div className={styles.problem} role="alert">
          <strong>Banned</strong>
          <p>{stage.message}</p>
          <Button variant="secondary" onClick={onNew}>
            Start over
          </Button>
        </div>
      );
    case 'error':
      return (
        <div className={styles.problem} role="alert">
          <strong>Error</strong>
          <p>{stage.message}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onRetry}>
              Retry
            </Button>
            <Button variant="ghost" onClick={onEdit}>
              Edit the broadcast
            </Button>
          </div>
        </div>
      );
  }
}
