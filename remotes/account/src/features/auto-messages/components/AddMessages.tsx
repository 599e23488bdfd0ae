import { AUTO_MESSAGE_LIMIT } from '@cove/contracts';
import { Button, FileButton, VaultPicker } from '@cove/ui';
import { useState, type ChangeEvent } from 'react';
import { useVault } from '../../../common/vault';
import { mediaMessage } from '../model/draft';
import type { CategoryEditorState } from './use-category-editor';
import styles from '../AutoMessages.module.css';

/** The ways to add a message: a text, an upload, or a pick from the vault, while the category has room. */
export function AddMessages({ editor }: { editor: CategoryEditorState }) {
  const [picking, setPicking] = useState(false);
  const vault = useVault(picking);
  const full = editor.room <= 0;

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    editor.upload(files);
  }

  return (
    <>
      <div className={styles.actions}>
        <Button variant="secondary" disabled={full} onClick={editor.addText}>
          Add text
        </Button>
        <FileButton accept="image/*,video/*" multiple disabled={full} onChange={choose}>
          Upload photo or video
        </FileButton>
        <Button
          variant="secondary"
          disabled={full}
          onClick={() => setPicking((p) => !p)}
          aria-expanded={picking}
        >
          Choose from vault
        </Button>
        <span className={styles.muted}>
          {full
            ? `A category holds up to ${AUTO_MESSAGE_LIMIT} messages.`
            : `Up to ${AUTO_MESSAGE_LIMIT} messages.`}
        </span>
      </div>
      {picking && (
        <VaultPicker
          list={vault}
          verb="Add"
          empty="Upload a photo or video here, or in your vault."
          onClose={() => setPicking(false)}
          onPick={(item) => {
            editor.add(mediaMessage(item));
            setPicking(false);
          }}
        />
      )}
    </>
  );
}
