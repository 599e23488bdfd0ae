import { AUTO_MESSAGE_LIMIT, BUNDLE_MAX_ITEMS, type VaultItem } from '@cove/contracts';
import { Button, FileButton, VaultPicker } from '@cove/ui';
import { useFeature } from '@cove/runtime';
import { useState, type ChangeEvent } from 'react';
import { useVault } from '../../../common/vault';
import { bundleMessage, mediaMessage } from '../model/draft';
import type { CategoryEditorState } from './use-category-editor';
import styles from '../AutoMessages.module.css';

/**
 * The ways to add a message while the category has room: a text, an upload, a pick from the vault, or
 * a bundle of several vault items under one price.
 */
export function AddMessages({ editor }: { editor: CategoryEditorState }) {
  const [picking, setPicking] = useState(false);
  const hasVault = useFeature('vault', true);
  const [bundle, setBundle] = useState<VaultItem[] | null>(null);
  const vault = useVault(picking || bundle !== null);
  const full = editor.room <= 0;
  const togglePick = (item: VaultItem) =>
    setBundle((b) =>
      b?.some((i) => i.media_id === item.media_id)
        ? b.filter((i) => i.media_id !== item.media_id)
        : b && b.length < BUNDLE_MAX_ITEMS
          ? [...b, item]
          : b,
    );

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
        {hasVault && (
          <>
            <Button
              variant="secondary"
              disabled={full}
              onClick={() => setPicking((p) => !p)}
              aria-expanded={picking}
            >
              Choose from vault
            </Button>
            <Button
              variant="secondary"
              disabled={full}
              onClick={() => setBundle((b) => (b ? null : []))}
              aria-expanded={bundle !== null}
            >
              Bundle from vault
            </Button>
          </>
        )}
        <span className={styles.muted}>
          {full
            ? `A category holds up to ${AUTO_MESSAGE_LIMIT} messages.`
            : `Up to ${AUTO_MESSAGE_LIMIT} messages.`}
        </span>
      </div>
      {hasVault && picking && (
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
      {hasVault && bundle && (
        <>
          <VaultPicker
            list={vault}
            verb="Bundle"
            empty="Upload photos or videos here, or in your vault."
            picked={new Set(bundle.map((i) => i.media_id))}
            onClose={() => setBundle(null)}
            onPick={togglePick}
          />
          <div className={styles.actions}>
            <Button
              disabled={bundle.length < 2}
              onClick={() => {
                editor.add(bundleMessage(bundle));
                setBundle(null);
              }}
            >
              {bundle.length < 2 ? 'Pick 2 or more for a bundle' : `Add a bundle of ${bundle.length}`}
            </Button>
            <span className={styles.muted}>Up to {BUNDLE_MAX_ITEMS} items, one price unlocks them all.</span>
          </div>
        </>
      )}
    </>
  );
}
