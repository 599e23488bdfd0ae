import { BUNDLE_MAX_ITEMS, dollarsOf, typedPriceCredits, type VaultItem } from '@cove/contracts';
import { useFeature, useHost, usePriceCap, type Uploads } from '@cove/runtime';
import { useVaultList } from '@cove/runtime/query';
import { Button, kit, UploadQueue, VaultPicker } from '@cove/ui';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { draftItems, withItems, type BroadcastDraft, type BroadcastMedia } from '../model/broadcast-draft';
import styles from './Broadcast.module.css';
import { PickMediaButton } from '../../../common/PickMediaButton';
import { priceHint } from '../../../common/price-hint';

/** A vault item as the draft's media: sent as it is, nothing uploaded. */
function asBroadcastMedia(item: VaultItem, position: number): BroadcastMedia {
  return {
    type: item.type,
    media_id: item.media_id,
    public_id: item.public_id,
    width: item.width,
    height: item.height,
    video_length: item.video_length,
    label: `${item.type === 'video' ? 'video' : 'photo'} ${position}`,
    thumb: item.th,
    vault: true,
  };
}

/**
 * The broadcast's one message: text, photos and videos (uploaded through the shared pipeline or
 * picked from the vault; several make a bundle), a price for media, a free preview for a paid bundle,
 * and self-destruct.
 */
export function BroadcastComposer({
  draft,
  onChange,
  uploads,
  onPickFile,
  disabled,
}: {
  draft: BroadcastDraft;
  onChange(d: BroadcastDraft): void;
  uploads: Uploads;
  onPickFile(file: File): void;
  disabled: boolean;
}) {
  const textId = useId();
  const priceId = useId();
  const { api } = useHost();
  const [vault, setVault] = useState(false);
  const items = draftItems(draft);
  const full = items.length >= BUNDLE_MAX_ITEMS;
  const vaultList = useVaultList(api, ['broadcast-vault'], vault);
  const priceCap = usePriceCap();
  const hasVault = useFeature('vault', true);
  const credits = typedPriceCredits(draft.price, priceCap);
  const uploading = uploads.items.some((i) => i.error === null);
  const canAttach = !full && !uploading && !disabled;
  const picked = useMemo(() => new Set(items.map((i) => i.media_id)), [items]);
  // A vault item joins the draft; picking one already in it takes it out.
  const pickVault = (item: VaultItem, position: number) =>
    onChange(
      withItems(
        draft,
        picked.has(item.media_id)
          ? items.filter((i) => i.media_id !== item.media_id)
          : full
            ? items
            : [...items, asBroadcastMedia(item, position)],
      ),
    );
  const canPreview = items.length > 1 && (credits ?? 0) > 0;

  return (
    <fieldset className={kit.panel} disabled={disabled}>
      <legend className={styles.legend}>Message</legend>
      <label className={styles.field} htmlFor={textId}>
        Text
        <textarea
          id={textId}
          className={styles.text}
          rows={4}
          maxLength={5000}
          value={draft.text}
          onChange={(e) => onChange({ ...draft, text: e.target.value })}
        />
      </label>

      <UploadQueue uploads={uploads} />

      {items.map((media) => (
        <MediaCard
          key={media.media_id}
          media={media}
          onRemove={() =>
            onChange(
              withItems(
                draft,
                items.filter((i) => i !== media),
              ),
            )
          }
          preview={
            canPreview ? (
              <label className={styles.choice}>
                <input
                  type="radio"
                  name="broadcast-preview"
                  checked={draft.previewId === media.media_id}
                  onChange={() => onChange({ ...draft, previewId: media.media_id })}
                />
                Free preview<span className={kit.srOnly}> ({media.label})</span>
              </label>
            ) : null
          }
        />
      ))}
      {items.length > 1 && (
        <p className={styles.muted}>
          A bundle of {items.length} (up to {BUNDLE_MAX_ITEMS}): one price unlocks them all.
        </p>
      )}
      {!full && (
        <div className={styles.actions}>
          <PickMediaButton variant="secondary" disabled={!canAttach} onPick={onPickFile}>
            Add a photo or video
          </PickMediaButton>
          {hasVault && (
            <Button
              variant="secondary"
              disabled={!canAttach}
              aria-expanded={vault}
              onClick={() => setVault(!vault)}
            >
              Choose from vault
            </Button>
          )}
        </div>
      )}
      {hasVault && vault && (
        <VaultPicker
          list={vaultList}
          verb="Use"
          empty="Photos and videos you upload in your account’s vault show up here."
          picked={picked}
          onPick={pickVault}
          onClose={() => setVault(false)}
        />
      )}

      {draft.media && (
        <div className={styles.field}>
          <label htmlFor={priceId}>Price ($)</label>
          <input
            id={priceId}
            className={styles.input}
            type="number"
            min={0}
            max={dollarsOf(priceCap)}
            step={0.1}
            inputMode="decimal"
            placeholder="Free"
            value={draft.price}
            aria-invalid={credits === null}
            aria-describedby={`${priceId}-hint`}
            onChange={(e) => onChange({ ...draft, price: e.target.value })}
          />
          <span id={`${priceId}-hint`} className={styles.muted}>
            {priceHint(credits, priceCap)}
          </span>
        </div>
      )}
      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={draft.selfDestruct}
          onChange={(e) => onChange({ ...draft, selfDestruct: e.target.checked })}
        />
        Self-destruct 24 hours after it is opened
      </label>
    </fieldset>
  );
}

/** An attached photo or video; removing it only takes it off the draft (it stays on the server). */
function MediaCard({
  media,
  onRemove,
  preview,
}: {
  media: BroadcastMedia;
  onRemove(): void;
  /** The free-preview choice, for an item of a paid bundle. */
  preview: ReactNode;
}) {
  const kind = media.type === 'video' ? 'Video' : 'Photo';
  return (
    <div className={styles.media}>
      {media.thumb ? (
        <img className={styles.thumb} src={media.thumb} alt="" />
      ) : (
        <span className={styles.thumb} aria-hidden="true">
          {media.type === 'video' ? '🎬' : '🖼️'}
        </span>
      )}
      <span className={styles.grow}>
        {kind}: {media.label}
        {media.vault && <span className={styles.muted}> (from your vault)</span>}
      </span>
      {preview}
      <Button variant="ghost" onClick={onRemove} aria-label={`Remove ${media.label}`}>
        ✕
      </Button>
    </div>
  );
}
