import { broadcastCategory, type BroadcastCategory } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { EmptyState, kit, PagedView } from '@cove/ui';
import { useId } from 'react';
import { useSearch } from '../../../common/use-search';
import { useFanLists } from '../api/get-fan-lists';
import { usePickableChats } from '../api/get-pickable-chats';
import { useRecipientCount } from '../api/get-recipient-count';
import {
  audienceParams,
  categoryLabels,
  isEmptyAudience,
  type Audience,
  type RecipientMode,
} from '../model/audience';
import styles from './Broadcast.module.css';

const modeLabels: Record<RecipientMode, string> = {
  everyone: 'Everyone in it',
  only: 'Only chosen chats',
  except: 'All except chosen chats',
};

/** Who receives the broadcast: a category, a mode, chosen chats, and how many that reaches now. */
export function Recipients({
  audience,
  onChange,
  disabled,
}: {
  audience: Audience;
  onChange(a: Audience): void;
  disabled: boolean;
}) {
  const { api } = useHost();
  const categoryId = useId();
  const listId = useId();
  const lists = useFanLists(api);
  const empty = isEmptyAudience(audience);
  const count = useRecipientCount(api, audienceParams(audience), !empty);
  const toggle = (id: string) =>
    onChange({
      ...audience,
      chosen: audience.chosen.includes(id)
        ? audience.chosen.filter((c) => c !== id)
        : [...audience.chosen, id],
    });

  return (
    <fieldset className={kit.panel} disabled={disabled}>
      <legend className={styles.legend}>Who receives it</legend>
      <label className={styles.field} htmlFor={categoryId}>
        Chats
        <select
          id={categoryId}
          className={styles.input}
          value={audience.category}
          // Another category has other chats: what was chosen in the last one is let go.
          onChange={(e) =>
            onChange({ ...audience, category: broadcastCategory.parse(e.target.value), chosen: [] })
          }
        >
          {broadcastCategory.options.map((c) => (
            <option key={c} value={c}>
              {categoryLabels[c]}
            </option>
          ))}
        </select>
      </label>
      {lists.data && lists.data.length > 0 && (
        <label className={styles.field} htmlFor={listId}>
          List
          <select
            id={listId}
            className={styles.input}
            value={audience.listId ?? ''}
            onChange={(e) => onChange({ ...audience, listId: e.target.value || null })}
          >
            <option value="">No list: everyone in the chats above</option>
            {lists.data.map((l) => (
              <option key={l._id} value={l._id}>
                {l.name} ({l.members})
              </option>
            ))}
          </select>
        </label>
      )}
      <div role="radiogroup" aria-label="Send to" className={styles.modes}>
        {(Object.keys(modeLabels) as RecipientMode[]).map((mode) => (
          <label key={mode} className={styles.choice}>
            <input
              type="radio"
              name="broadcast-mode"
              value={mode}
              checked={audience.mode === mode}
              onChange={() => onChange({ ...audience, mode })}
            />
            {modeLabels[mode]}
          </label>
        ))}
      </div>
      {audience.mode !== 'everyone' && (
        <ChatPicker category={audience.category} chosen={audience.chosen} onToggle={toggle} />
      )}
      <p className={styles.count} role="status" aria-live="polite">
        {empty
          ? 'Choose at least one chat.'
          : count.isError
            ? 'The number of recipients could not be counted.'
            : count.data
              ? recipientsText(count.data.count)
              : 'Counting recipients…'}
      </p>
    </fieldset>
  );
}

const recipientsText = (n: number) => (n === 1 ? 'Reaches 1 chat' : `Reaches ${n} chats`);

/** The category's chats, searchable, each with a box to choose it. */
function ChatPicker({
  category,
  chosen,
  onToggle,
}: {
  category: BroadcastCategory;
  chosen: readonly string[];
  onToggle(id: string): void;
}) {
  const { api } = useHost();
  const { search, input } = useSearch('Search your chats');
  const list = usePickableChats(api, category, search);
  return (
    <div className={styles.picker}>
      <input className={styles.input} {...input} />
      <p className={styles.muted}>
        {chosen.length === 1 ? '1 chat chosen' : `${chosen.length} chats chosen`}
      </p>
      <PagedView
        list={list}
        empty={
          <EmptyState icon="💬" title={search ? 'No chats match' : 'No chats here'}>
            {search ? `Nobody in this list is called “${search}”.` : 'This category has no chats right now.'}
          </EmptyState>
        }
      >
        {(chats) => (
          <ul className={styles.chats} aria-label="Your chats">
            {chats.map((chat) => (
              <li key={chat.chat_id}>
                <label className={styles.choice}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(chat.chat_id)}
                    onChange={() => onToggle(chat.chat_id)}
                  />
                  {chat.other_user.username}
                </label>
              </li>
            ))}
          </ul>
        )}
      </PagedView>
    </div>
  );
}
