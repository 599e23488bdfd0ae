import type { Chat } from '@cove/contracts';
import { errorMessage, formatMoney, useHost, useServerEvent } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Spinner, useModalFocus } from '@cove/ui';
import { useRef, useState, type ReactNode } from 'react';
import { wideScreen } from '../../../common/wide-screen';
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
  // Chosen once: a phone turned sideways keeps the sheet it opened with.
  const [sheet] = useState(() => !wideScreen());
  const body = (
    <>
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
    </>
  );
  return sheet ? (
    <PhoneSheet name={name} onClose={onClose}>
      {body}
    </PhoneSheet>
  ) : (
    <aside className={styles.panel} aria-label={`About ${name}`}>
      {body}
    </aside>
  );
}

/** On a phone the panel covers the conversation: a modal sheet over a backdrop, Escape or a tap outside closes it. */
function PhoneSheet({ name, onClose, children }: { name: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useModalFocus(ref, onClose);
  return (
    <>
      <button type="button" className={styles.backdrop} tabIndex={-1} aria-hidden="true" onClick={onClose} />
      <div
        ref={ref}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-label={`About ${name}`}
        tabIndex={-1}
      >
        {children}
      </div>
    </>
  );
}
