import { ButtonLink } from '@cove/ui';
import { useCanBroadcast } from './use-can-broadcast';
import styles from './Broadcast.module.css';

/** The chat list header's way to the broadcast composer, for creators who may broadcast. */
export function BroadcastLink() {
  return useCanBroadcast() ? (
    <span className={styles.entry}>
      <ButtonLink to="/chats/broadcast" variant="secondary">
        Broadcast
      </ButtonLink>
    </span>
  ) : null;
}
