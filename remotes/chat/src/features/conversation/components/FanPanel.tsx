import type { Chat } from '@cove/contracts';
import { errorMessage, formatMoney, useHost, useServerEvent } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Spinner } from '@cove/ui';
import { fanProfileKey, useFanProfile } from '../api/get-fan-profile';
import { lastPurchaseLine, subscriptionLine } from '../model/fan-figures';
import { FanLists } from './FanLists';
import { NotesPanel } from './NotesPanel';
import styles from './FanPanel.module.css';

/**
 * Know your fan: beside the conversation on wide screens, a sheet over it on phones. What he has spent
 * with her, his subscription, his last purchase, her lists and her notes.
 */
export function FanPanel({ chat, name, onClose }: { chat: Chat; name: string; onClose(): void }) {
  const { api } = useHost();
  const profile = useFanProfile(api, chat.chat_id);
  // Live figures: a message, tip, subscription notice or unlock in this chat may be money he paid.
  const client = useQueryClient();
  const readAgain = (chatId: string) => {
    if (chatId === chat.chat_id) void client.invalidateQueries({ queryKey: fanProfileKey(chatId) });
  };
  useServerEvent('new_message', (e) => readAgain(e.message.chat_id));
  useServerEvent('message_paid', (e) => readAgain(e.chat_id));
  return (
    <aside className={styles.panel} aria-label={`About ${name}`}>
      <div className={styles.head}>
        <h3 className={styles.title}>About {name}</h3>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {profile.isPending && <Spinner size={25} />}
      {profile.isError && (
        <div role="alert">
          <p>{errorMessage(profile.error)}</p>
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {profile.data && (
        <>
          <dl className={styles.figures}>
            <div>
              <dt className={styles.label}>Spent with you</dt>
              <dd className={styles.spent}>{formatMoney(profile.data.spent)}</dd>
            </div>
            <div>
              <dt className={styles.label}>Subscriber</dt>
              <dd>{subscriptionLine(profile.data.subscription)}</dd>
            </div>
            <div>
              <dt className={styles.label}>Last purchase</dt>
              <dd>{lastPurchaseLine(profile.data.last_purchase)}</dd>
            </div>
          </dl>
          <FanLists profile={profile.data} name={name} />
        </>
      )}
      <div className={styles.notes}>
        <NotesPanel chat={chat} />
      </div>
    </aside>
  );
}
