import { BUNDLE_MAX_ITEMS, dollarsOf } from '@cove/contracts';
import { formatDuration } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useEffect, useId, useMemo } from 'react';
import { priceHint } from '../../../common/price-hint';
import { attachmentName, type Attachment } from '../model/attachments';
import type { MessageComposerState } from './use-message-composer';
import styles from './Attachments.module.css';

/** A new file's local copy, for as long as its thumbnail shows. */
function useLocalUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

function Thumb({ a }: { a: Attachment }) {
  const local = useLocalUrl(a.source === 'file' && a.kind === 'image' ? a.file : null);
  const src = a.source === 'vault' ? a.item.th : local;
  return src ? (
    <img className={styles.thumb} src={src} alt="" />
  ) : (
    <span className={styles.thumb} aria-hidden="true">
      {a.kind === 'video' ? '🎬' : '🖼️'}
    </span>
  );
}

/**
 * What goes with the message: each photo or video (from the vault or new) with its remove button,
 * the price when the sender may sell, and, for a paid bundle, which item is the free preview.
 */
export function Attachments({ state, canPrice }: { state: MessageComposerState; canPrice: boolean }) {
  const hintId = useId();
  const { attachments } = state;
  const count = attachments.length;
  return (
    <div className={styles.attachments} role="group" aria-label="Attachments">
      <ul className={styles.list}>
        {attachments.map((a, i) => {
          const name = attachmentName(a, i + 1);
          const length = a.source === 'vault' ? a.item.video_length : null;
          return (
            <li key={a.key} className={styles.item}>
              <Thumb a={a} />
              {length !== null && <span className={styles.length}>{formatDuration(length)}</span>}
              <span className={styles.name}>{a.source === 'file' ? a.file.name : 'From vault'}</span>
              {state.canPreview && (
                <label className={styles.preview}>
                  <input
                    type="radio"
                    name="free-preview"
                    checked={state.previewKey === a.key}
                    onChange={() => state.choosePreview(a.key)}
                  />
                  Free preview<span className={kit.srOnly}> ({name})</span>
                </label>
              )}
              <Button
                variant="ghost"
                className={styles.remove}
                onClick={() => state.drop(a.key)}
                aria-label={`Remove ${name}`}
              >
                ✕
              </Button>
            </li>
          );
        })}
      </ul>
      <div className={styles.bar}>
        <span className={styles.count}>
          {count > 1 ? `Bundle of ${count} (up to ${BUNDLE_MAX_ITEMS})` : '1 item'}
          {state.canPreview && state.previewKey !== null && (
            <Button variant="ghost" onClick={() => state.choosePreview(null)}>
              No free preview
            </Button>
          )}
        </span>
        {canPrice && (
          <label className={styles.price}>
            Price ($)
            <input
              type="number"
              min={0}
              max={dollarsOf(state.priceCap)}
              step={0.1}
              inputMode="decimal"
              value={state.price}
              placeholder="Free"
              onChange={(e) => state.setPrice(e.target.value)}
              aria-invalid={!state.priceValid}
              aria-describedby={hintId}
            />
          </label>
        )}
        {canPrice && (
          <p id={hintId} className={styles.priceHint} aria-live="polite">
            {priceHint(state.credits, state.priceCap)}
          </p>
        )}
      </div>
    </div>
  );
}
