import { errorMessage, messageTime, requestState } from '@cove/runtime';
import { Button, kit, RequestView } from '@cove/ui';
import { useId, useState, type FormEvent } from 'react';
import { useAnswer } from '../api/answer';
import { useSupportThread } from '../api/support-chats';
import layout from '../../../common/Console.module.css';
import styles from '../StaffSupport.module.css';

/** One support chat: its messages, oldest first, and a box to answer as support. */
export function SupportThread({
  chatId,
  personId,
  name,
}: {
  chatId: string;
  personId: string;
  name: string;
}) {
  const thread = useSupportThread(chatId);
  const answer = useAnswer(chatId);
  const [text, setText] = useState('');
  const boxId = useId();

  function send(e: FormEvent) {
    e.preventDefault();
    const body = text.trim();
    if (!body || answer.isPending) return;
    answer.mutate(body, { onSuccess: () => setText('') });
  }

  return (
    <section className={layout.card} aria-label={`Support chat with ${name}`}>
      <h3 className={styles.threadTitle}>{name}</h3>
      <RequestView state={requestState(thread)} retry={() => void thread.refetch()}>
        {(messages) => (
          <ol className={styles.messages} aria-label="Messages">
            {messages.map((m) => {
              const fromPerson = m.sender_id === personId;
              return (
                <li key={m._id} className={fromPerson ? styles.theirs : styles.ours}>
                  <span className={styles.who}>{fromPerson ? name : 'Support'}</span>
                  <p className={styles.text}>{m.text}</p>
                  <time className={styles.when} dateTime={m.created_at}>
                    {messageTime(m.created_at)}
                  </time>
                </li>
              );
            })}
          </ol>
        )}
      </RequestView>
      <form className={styles.reply} onSubmit={send} noValidate>
        <label htmlFor={boxId} className={kit.srOnly}>
          Answer as support
        </label>
        <textarea
          id={boxId}
          className={kit.input}
          rows={3}
          value={text}
          placeholder="Answer as support"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) send(e);
          }}
        />
        <Button type="submit" disabled={!text.trim() || answer.isPending}>
          {answer.isPending ? 'Sending…' : 'Send'}
        </Button>
      </form>
      {answer.isError && (
        <p className={kit.error} role="alert">
          {errorMessage(answer.error)}
        </p>
      )}
    </section>
  );
}
