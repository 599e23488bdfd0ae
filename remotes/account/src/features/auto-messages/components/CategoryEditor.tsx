import type { AutoMessageCategoryDto } from '@cove/contracts';
import { kit } from '@cove/ui';
import { Link } from '@cove/router';
import { categoryInfo } from '../model/categories';
import { AddMessages } from './AddMessages';
import { CategorySettings } from './CategorySettings';
import { MessageCard } from './MessageCard';
import { SaveBar } from './SaveBar';
import { UploadRows } from './UploadRows';
import { useCategoryEditor } from './use-category-editor';
import styles from '../AutoMessages.module.css';

/**
 * One category's editor: its settings, its messages in order, the ways to add one, and Save (replaces
 * the category on the server), Reset (back to the last saved state) and Clear (empties it).
 */
export function CategoryEditor({ saved, headingId }: { saved: AutoMessageCategoryDto; headingId: string }) {
  const editor = useCategoryEditor(saved);
  const { draft } = editor;
  const info = categoryInfo[saved.category];
  return (
    <div className={styles.editor}>
      <Link className={styles.back} to="/account/auto-messages">
        ← All auto-messages
      </Link>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {info.title}
        </h2>
        <p className={styles.muted}>{info.when} Each fan gets these once.</p>
      </div>

      <CategorySettings draft={draft} onChange={editor.settings} />

      {draft.messages.length === 0 && editor.uploads.items.length === 0 ? (
        <p className={styles.empty}>No messages yet: this category is off. Add a text, a photo or a video.</p>
      ) : (
        <ol className={kit.stack} aria-label={`${info.title} messages`}>
          {draft.messages.map((m, i) => (
            <MessageCard
              key={m.key}
              message={m}
              index={i}
              count={draft.messages.length}
              onChange={(patch) => editor.change(m.key, patch)}
              onPriceValid={(valid) => editor.priceValid(m.key, valid)}
              onMove={(by) => editor.move(i, by)}
              onDelete={() => void editor.remove(m)}
              focus={m.key === editor.focusKey}
            />
          ))}
          <UploadRows uploads={editor.uploads} first={draft.messages.length + 1} />
        </ol>
      )}

      <AddMessages editor={editor} />
      <SaveBar editor={editor} savedCount={saved.messages.length} />
    </div>
  );
}
