import { useSession } from '@cove/runtime';
import { EmptyState } from '@cove/ui';
import { useParams } from '@cove/router';
import { useId } from 'react';
import { useSupportChats } from './api/support-chats';
import { SupportChatList } from './components/SupportChatList';
import { SupportThread } from './components/SupportThread';
import layout from '../../common/Console.module.css';
import styles from './StaffSupport.module.css';

/**
 * `/account/support-chats` (and `/{chatId}`), for staff: the support account's chats, unread first,
 * and the open one's thread with a box to answer as support (docs/rules.md, Frozen accounts).
 */
export function StaffSupport() {
  const { user } = useSession();
  if (!user?.is_staff && !user?.is_staff_mo) {
    return (
      <EmptyState icon="🔒" title="This page is for staff">
        Support chats are answered by Cove’s team.
      </EmptyState>
    );
  }
  return <SupportDesk />;
}

function SupportDesk() {
  const headingId = useId();
  const openId = useParams()['*']?.split('/')[0] || undefined;
  const list = useSupportChats();
  const open =
    list.state.status === 'fetched' ? list.state.data.find((c) => c.chat_id === openId) : undefined;
  return (
    <section className={layout.screen} aria-labelledby={headingId}>
      <h2 id={headingId} className={layout.title}>
        Support chats
      </h2>
      <div className={styles.split}>
        <SupportChatList list={list} openId={openId} />
        {open ? (
          <SupportThread
            key={open.chat_id}
            chatId={open.chat_id}
            personId={open.user._id}
            name={open.user.username ?? 'Deleted account'}
          />
        ) : (
          <p className={styles.pick}>Pick a chat to read it and answer.</p>
        )}
      </div>
    </section>
  );
}
