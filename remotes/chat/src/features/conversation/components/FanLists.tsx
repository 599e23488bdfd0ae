import { FAN_LIST_NAME_MAX, type FanList, type FanProfile } from '@cove/contracts';
import { errorMessage, useHost } from '@cove/runtime';
import { Button } from '@cove/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createFanList } from '../api/create-fan-list';
import { deleteFanList } from '../api/delete-fan-list';
import { fanListsKey, useFanLists } from '../api/get-fan-lists';
import { fanProfileKey } from '../api/get-fan-profile';
import { renameFanList } from '../api/rename-fan-list';
import { setListMember } from '../api/set-list-member';
import { setVip } from '../api/set-vip';
import styles from './FanPanel.module.css';

type Change =
  | { kind: 'vip'; on: boolean }
  | { kind: 'member'; listId: string; on: boolean }
  | { kind: 'create'; name: string }
  | { kind: 'rename'; listId: string; name: string }
  | { kind: 'delete'; listId: string };

/** VIP and her named lists, each a checkbox for this fan; a new list is made with him on it. */
export function FanLists({ profile, name }: { profile: FanProfile; name: string }) {
  const { api, popups } = useHost();
  const client = useQueryClient();
  const lists = useFanLists(api);
  const [draft, setDraft] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const change = useMutation({
    mutationFn: async (c: Change) => {
      if (c.kind === 'vip') await setVip(api, profile.chat_id, c.on);
      else if (c.kind === 'member') await setListMember(api, c.listId, profile.chat_id, c.on);
      else if (c.kind === 'create') {
        const made = await createFanList(api, c.name);
        await setListMember(api, made._id, profile.chat_id, true);
      } else if (c.kind === 'rename') await renameFanList(api, c.listId, c.name);
      else await deleteFanList(api, c.listId);
    },
    onSuccess: (_done, c) => {
      if (c.kind === 'create') setDraft('');
      if (c.kind === 'rename') setRenaming(null);
    },
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: fanListsKey }),
        client.invalidateQueries({ queryKey: fanProfileKey(profile.chat_id) }),
      ]);
    },
  });
  const on = new Set(profile.list_ids);
  const row = (l: FanList) =>
    renaming?.id === l._id ? (
      <li key={l._id}>
        <form
          className={styles.inline}
          onSubmit={(e) => {
            e.preventDefault();
            change.mutate({ kind: 'rename', listId: l._id, name: renaming.name });
          }}
        >
          <input
            aria-label={`New name for ${l.name}`}
            value={renaming.name}
            maxLength={FAN_LIST_NAME_MAX}
            onChange={(e) => setRenaming({ id: l._id, name: e.target.value })}
          />
          <Button type="submit" disabled={change.isPending || !renaming.name.trim()}>
            Save
          </Button>
          <Button variant="ghost" onClick={() => setRenaming(null)}>
            Cancel
          </Button>
        </form>
      </li>
    ) : (
      <li key={l._id} className={styles.listRow}>
        <label>
          <input
            type="checkbox"
            checked={on.has(l._id)}
            disabled={change.isPending}
            onChange={(e) => change.mutate({ kind: 'member', listId: l._id, on: e.target.checked })}
          />
          {l.name} <span className={styles.muted}>({l.members})</span>
        </label>
        <Button
          variant="ghost"
          aria-label={`Rename list ${l.name}`}
          onClick={() => setRenaming({ id: l._id, name: l.name })}
        >
          Rename
        </Button>
        <Button
          variant="ghost"
          aria-label={`Delete list ${l.name}`}
          disabled={change.isPending}
          onClick={async () => {
            const { action } = await popups.open({
              kind: 'generic',
              emoji: '🗂️',
              sentence: `Delete the list “${l.name}”? The people on it stay in your chats.`,
              confirmLabel: 'Delete list',
            }).outcome;
            if (action === 'confirm') change.mutate({ kind: 'delete', listId: l._id });
          }}
        >
          Delete
        </Button>
      </li>
    );
  return (
    <fieldset className={styles.lists}>
      <legend className={styles.label}>Lists</legend>
      <ul className={styles.listRows} aria-label={`Lists ${name} is on`}>
        <li className={styles.listRow}>
          <label>
            <input
              type="checkbox"
              checked={profile.vip}
              disabled={change.isPending}
              onChange={(e) => change.mutate({ kind: 'vip', on: e.target.checked })}
            />
            VIP
          </label>
        </li>
        {lists.data?.map(row)}
      </ul>
      {lists.isError && <p role="alert">{errorMessage(lists.error)}</p>}
      <form
        className={styles.inline}
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate({ kind: 'create', name: draft });
        }}
      >
        <input
          aria-label="New list name"
          placeholder="New list"
          value={draft}
          maxLength={FAN_LIST_NAME_MAX}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={change.isPending || !draft.trim()}>
          Add to new list
        </Button>
      </form>
      {change.isError && <p role="alert">{errorMessage(change.error)}</p>}
    </fieldset>
  );
}
