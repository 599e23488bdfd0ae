import type { Chat } from '@cove/contracts';
import { errorMessage, useHost } from '@cove/runtime';
import { Button, RowList } from '@cove/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createNote } from '../api/create-note';
import { deleteNote } from '../api/delete-note';
import { chatKey } from '../api/get-chat';
import { updateNote } from '../api/update-note';
import styles from './Tools.module.css';
import threadStyles from './Thread.module.css';

type NoteChange =
  { kind: 'add'; text: string } | { kind: 'edit'; id: string; text: string } | { kind: 'delete'; id: string };

/** A creator's private notes on this chat: add, edit and delete; only their author ever sees them. */
export function NotesPanel({ chat }: { chat: Chat }) {
  const { api } = useHost();
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const change = useMutation({
    mutationFn: async (c: NoteChange) => {
      if (c.kind === 'add') await createNote(api, chat.chat_id, c.text);
      else if (c.kind === 'edit') await updateNote(api, c.id, c.text);
      else await deleteNote(api, c.id);
    },
    onSuccess: async (_done, c) => {
      if (c.kind === 'add') setDraft('');
      if (c.kind === 'edit') setEditing(null);
      await client.invalidateQueries({ queryKey: chatKey(chat.other_user._id) });
    },
  });
  return (
    <div className={styles.panel}>
      <h3 className={styles.panelTitle}>Notes</h3>
      {chat.notes.length === 0 && <p className={styles.muted}>No notes yet. Only you will see them.</p>}
      <RowList label="Notes">
        {chat.notes.map((n) =>
          editing?.id === n.id ? (
            <li key={n.id}>
              <form
                className={styles.noteForm}
                onSubmit={(e) => {
                  e.preventDefault();
                  change.mutate({ kind: 'edit', id: n.id, text: editing.text });
                }}
              >
                <textarea
                  aria-label="Edit note"
                  value={editing.text}
                  maxLength={2000}
                  onChange={(e) => setEditing({ id: n.id, text: e.target.value })}
                />
                <Button type="submit" disabled={change.isPending || !editing.text.trim()}>
                  Save
                </Button>
                <Button variant="ghost" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
              </form>
            </li>
          ) : (
            <li key={n.id} className={styles.note}>
              <p>{n.note}</p>
              <Button
                variant="ghost"
                onClick={() => setEditing({ id: n.id, text: n.note })}
                aria-label={`Edit note: ${n.note}`}
              >
                Edit
              </Button>
              <Button
                variant="ghost"
                disabled={change.isPending}
                onClick={() => change.mutate({ kind: 'delete', id: n.id })}
                aria-label={`Delete note: ${n.note}`}
              >
                Delete
              </Button>
            </li>
          ),
        )}
      </RowList>
      <form
        className={styles.noteForm}
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate({ kind: 'add', text: draft });
        }}
      >
        <textarea
          aria-label="New note"
          value={draft}
          maxLength={2000}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" disabled={change.isPending || !draft.trim()}>
          Add note
        </Button>
      </form>
      {change.isError && (
        <p role="alert" className={threadStyles.failed}>
          {errorMessage(change.error)}
        </p>
      )}
    </div>
  );
}
