import { dollarsOf, PAID_PRICE_MAX, typedPriceCredits, type VaultItem } from '@cove/contracts';
import { useHost, type Uploads } from '@cove/runtime';
import { useVaultList } from '@cove/runtime/query';
import { Button, kit, UploadQueue, VaultPicker } from '@cove/ui';
import { useId, useState } from 'react';
import { type BroadcastDraft, type BroadcastMedia } from '../model/broadcast-draft';
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
 * The broadcast's one message: text, one photo or video (uploaded through the shared pipeline or
 * picked from the vault), a price for media and self-destruct.
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
  const vaultList = useVaultList(api, ['broadcast-vault'], vault && !draft.media);
  const credits = typedPriceCredits(draft.price);
  const uploading = uploads.items.some((i) => i.error === null);
  const canAttach = !draft.media && !uploading && !disabled;

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

      {draft.media ? (
        <MediaCard media={draft.media} onRemove={() => onChange({ ...draft, media: null, price: '' })} />
      ) : (
        <div className={styles.actions}>
          <PickMediaButton variant="secondary" disabled={!canAttach} onPick={onPickFile}>
            Add a photo or video
          </PickMediaButton>
          <Button
            variant="secondary"
            disabled={!canAttach}
            aria-expanded={vault}
            onClick={() => setVault(!vault)}
          >
            Choose from vault
          </Button>
        </div>
      )}
      {vault && !draft.media && (
        <VaultPicker
          list={vaultList}
          verb="Use"
          empty="Photos and videos you upload in your account’s vault show up here."
          onPick={(item, position) => {
            setVault(false);
            onChange({ ...draft, media: asBroadcastMedia(item, position) });
          }}
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
            max={dollarsOf(PAID_PRICE_MAX)}
            step={0.1}
            inputMode="decimal"
            placeholder="Free"
            value={draft.price}
            aria-invalid={credits === null}
            aria-describedby={`${priceId}-hint`}
            onChange={(e) => onChange({ ...draft, price: e.target.value })}
          />
          <span id={`${priceId}-hint`} className={styles.muted}>
            {priceHint(credits)}
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

/** The attached photo or video; removing it only takes it off the draft (it stays on the server). */
function MediaCard({ media, onRemove }: { media: BroadcastMedia; onRemove(): void }) {
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
      <Button variant="ghost" onClick={onRemove} aria-label={`Remove ${media.label}`}>
        ✕
      </Button>
    </div>
  );
}
