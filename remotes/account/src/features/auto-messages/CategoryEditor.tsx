import {
  AUTO_MESSAGE_LIMIT,
  mediaConfig,
  type AutoMessageCategoryDto,
  type MediaDescriptor,
} from '@cove/contracts';
import { errorMessage, useHost, useUploads, type UploadedMedia } from '@cove/runtime';
import { useVaultList } from '@cove/runtime/query';
import { Button, FileButton, VaultPicker } from '@cove/ui';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSaveCategory } from './auto-messages-api';
import { categoryInfo, cooldownChoices, delayChoices } from './categories';
import { bodyOf, type Draft, type DraftMessage, draftOf, isDirty, moved, newKey } from './draft';
import { MessageCard } from './MessageCard';
import { UploadRows } from './UploadRows';
import styles from './AutoMessages.module.css';

const mediaMessage = (media: MediaDescriptor): DraftMessage => ({
  key: newKey(),
  saved: null,
  type: 'media',
  text: '',
  price: 0,
  media_id: media.media_id,
  media,
  deleting: false,
});

/** The choices of a select, with the saved value kept even when it is not one of them. */
const withValue = (choices: { value: number; label: string }[], value: number, unit: string) =>
  choices.some((c) => c.value === value) ? choices : [...choices, { value, label: `${value} ${unit}` }];

/**
 * One category's editor: a local copy of its messages (text, uploads with progress, vault picks),
 * their prices and order, the delay and cooldown. Save replaces the category on the server, Clear
 * empties it, Reset brings back the last saved state. Deleting a saved message removes it on the
 * server at once (it shows as being deleted, and comes back if that fails).
 */
export function CategoryEditor({ saved, headingId }: { saved: AutoMessageCategoryDto; headingId: string }) {
  const { api, popups } = useHost();
  const save = useSaveCategory();
  const info = categoryInfo[saved.category];
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [badPrices, setBadPrices] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  // The vault page's own list: what was uploaded there shows here without asking again.
  const vault = useVaultList(api, ['vault'], picking);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const delayId = useId();
  const cooldownId = useId();

  const config = useQuery({
    queryKey: ['media-config'],
    queryFn: ({ signal }) => api.get('/v1/media/config', { schema: mediaConfig, signal }),
    staleTime: Infinity,
  });
  const add = useCallback((m: DraftMessage) => setDraft((d) => ({ ...d, messages: [...d.messages, m] })), []);
  const uploads = useUploads(
    useCallback(({ media }: UploadedMedia) => add(mediaMessage(media.media)), [add]),
  );

  const uploading = uploads.items.filter((i) => i.error === null).length;
  const room = AUTO_MESSAGE_LIMIT - draft.messages.length - uploading;
  const deleting = draft.messages.some((m) => m.deleting);
  const dirty = isDirty(saved, draft);
  const canSave = dirty && !busy && !deleting && uploading === 0 && badPrices.size === 0;

  const change = (key: string, patch: Partial<DraftMessage>) =>
    setDraft((d) => ({ ...d, messages: d.messages.map((m) => (m.key === key ? { ...m, ...patch } : m)) }));
  const priceValid = (key: string, valid: boolean) =>
    setBadPrices((s) => {
      const next = new Set(s);
      if (valid) next.delete(key);
      else next.add(key);
      return next;
    });
  const report = (message: string | null, failure: string | null = null) => {
    setNotice(message);
    setProblem(failure);
  };

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? []).slice(0, Math.max(room, 0));
    e.target.value = '';
    report(null);
    uploads.start(files, { type: 'paid_message', ...(config.data ? { config: config.data } : {}) });
  }

  async function saveDraft() {
    setBusy(true);
    report(null);
    try {
      const stored = await save(bodyOf(saved.category, draft));
      setDraft(draftOf(stored));
      setBadPrices(new Set());
      report(stored.messages.length === 0 ? 'Saved: this category is off.' : 'Saved.');
    } catch (err) {
      report(null, errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function clearAll() {
    const { outcome } = popups.open({
      kind: 'generic',
      emoji: '🧹',
      sentence: `Clear the ${info.title} auto-messages? Fans will no longer get them.`,
      confirmLabel: 'Clear',
    });
    if ((await outcome).action !== 'confirm') return;
    setBusy(true);
    report(null);
    try {
      const stored = await save({ category: saved.category, auto_messages: [] });
      setDraft(draftOf(stored));
      setBadPrices(new Set());
      report('Cleared.');
    } catch (err) {
      report(null, errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  function reset() {
    setDraft(draftOf(saved));
    setBadPrices(new Set());
    report('Back to the last saved version.');
  }

  async function remove(m: DraftMessage) {
    priceValid(m.key, true);
    // One added since the last save exists only here.
    if (m.saved === null || !saved.messages.some((s) => s._id === m.saved)) {
      setDraft((d) => ({ ...d, messages: d.messages.filter((x) => x.key !== m.key) }));
      return;
    }
    change(m.key, { deleting: true });
    report(null);
    const rest = draftOf(saved).messages.filter((s) => s.saved !== m.saved);
    try {
      const stored = await save(bodyOf(saved.category, draftOf(saved), rest));
      // A save gives every message a new id: the ones still here take theirs, in the same order.
      const ids = new Map(rest.map((s, i) => [s.saved, stored.messages[i]?._id ?? null]));
      setDraft((d) => ({
        ...d,
        messages: d.messages
          .filter((x) => x.key !== m.key)
          .map((x) => (x.saved === null ? x : { ...x, saved: ids.get(x.saved) ?? null })),
      }));
      report('Message deleted.');
    } catch (err) {
      change(m.key, { deleting: false });
      report(null, errorMessage(err));
    }
  }

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

      <div className={styles.settings}>
        <label className={styles.field} htmlFor={delayId}>
          <span>Send</span>
          <select
            id={delayId}
            value={draft.delay_minutes}
            onChange={(e) => setDraft((d) => ({ ...d, delay_minutes: Number(e.target.value) }))}
          >
            {withValue(delayChoices, draft.delay_minutes, 'minutes').map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field} htmlFor={cooldownId}>
          <span>Skip if another auto-message reached the fan within</span>
          <select
            id={cooldownId}
            value={draft.cooldown_hours}
            onChange={(e) => setDraft((d) => ({ ...d, cooldown_hours: Number(e.target.value) }))}
          >
            {withValue(cooldownChoices, draft.cooldown_hours, 'hours').map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {draft.messages.length === 0 && uploads.items.length === 0 ? (
        <p className={styles.empty}>No messages yet: this category is off. Add a text, a photo or a video.</p>
      ) : (
        <ol className={styles.messages} aria-label={`${info.title} messages`}>
          {draft.messages.map((m, i) => (
            <MessageCard
              key={m.key}
              message={m}
              index={i}
              count={draft.messages.length}
              onChange={(patch) => change(m.key, patch)}
              onPriceValid={(valid) => priceValid(m.key, valid)}
              onMove={(by) => setDraft((d) => ({ ...d, messages: moved(d.messages, i, by) }))}
              onDelete={() => void remove(m)}
              focus={m.key === focusKey}
            />
          ))}
          <UploadRows uploads={uploads} first={draft.messages.length + 1} />
        </ol>
      )}

      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={room <= 0}
          onClick={() => {
            const key = newKey();
            add({
              key,
              saved: null,
              type: 'text',
              text: '',
              price: 0,
              media_id: null,
              media: null,
              deleting: false,
            });
            setFocusKey(key);
          }}
        >
          Add text
        </Button>
        <FileButton accept="image/*,video/*" multiple disabled={room <= 0} onChange={choose}>
          Upload photo or video
        </FileButton>
        <Button
          variant="secondary"
          disabled={room <= 0}
          onClick={() => setPicking((p) => !p)}
          aria-expanded={picking}
        >
          Choose from vault
        </Button>
        <span className={styles.muted}>
          {room <= 0
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
            add(mediaMessage(item));
            setPicking(false);
          }}
        />
      )}

      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}

      <div className={styles.footer}>
        <Button disabled={!canSave} onClick={() => void saveDraft()}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" disabled={!dirty || busy} onClick={reset}>
          Reset
        </Button>
        <span className={styles.grow} />
        <Button
          variant="danger"
          disabled={busy || deleting || saved.messages.length === 0}
          onClick={() => void clearAll()}
        >
          Clear
        </Button>
      </div>
    </div>
  );
}
