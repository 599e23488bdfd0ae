import { Button } from '@cove/ui';
import type { CategoryEditorState } from './use-category-editor';
import styles from '../AutoMessages.module.css';

/** What the last action did, then Save, Reset and Clear. */
export function SaveBar({ editor, savedCount }: { editor: CategoryEditorState; savedCount: number }) {
  const { busy, dirty, deleting } = editor;
  return (
    <>
      {editor.problem && (
        <p className={styles.problem} role="alert">
          {editor.problem}
        </p>
      )}
      {editor.notice && (
        <p className={styles.notice} role="status">
          {editor.notice}
        </p>
      )}
      <div className={styles.footer}>
        <Button disabled={!editor.canSave} onClick={() => void editor.save()}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" disabled={!dirty || busy} onClick={editor.reset}>
          Reset
        </Button>
        <span className={styles.grow} />
        <Button
          variant="danger"
          disabled={busy || deleting || savedCount === 0}
          onClick={() => void editor.clear()}
        >
          Clear
        </Button>
      </div>
    </>
  );
}
