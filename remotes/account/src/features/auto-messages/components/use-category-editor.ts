import { AUTO_MESSAGE_LIMIT, type AutoMessageCategoryDto, type PutAutoMessagesBody } from '@cove/contracts';
import { errorMessage, useHost, useUploads, type UploadedMedia } from '@cove/runtime';
import { useCallback, useState } from 'react';
import { useMediaConfig } from '../../../common/media-config';
import { useSaveCategory } from '../api/save-category';
import { categoryInfo } from '../model/categories';
import {
  bodyOf,
  draftOf,
  isDirty,
  mediaMessage,
  moved,
  textMessage,
  type Draft,
  type DraftMessage,
} from '../model/draft';

/**
 * One category's editing state: a local copy of its messages (text, uploads with progress, vault picks),
 * their prices and order, the delay and cooldown, and what saving, clearing, resetting and deleting
 * did. Deleting a saved message removes it on the server at once (it shows as being deleted, and
 * comes back if that fails).
 */
export function useCategoryEditor(saved: AutoMessageCategoryDto) {
  const { popups } = useHost();
  const save = useSaveCategory();
  const config = useMediaConfig();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [badPrices, setBadPrices] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);

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

  /** Replaces the category on the server; the editor then holds what was saved. */
  async function replace(body: PutAutoMessagesBody, said: (stored: AutoMessageCategoryDto) => string) {
    setBusy(true);
    report(null);
    try {
      const stored = await save(body);
      setDraft(draftOf(stored));
      setBadPrices(new Set());
      report(said(stored));
    } catch (err) {
      report(null, errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function clear() {
    const { outcome } = popups.open({
      kind: 'generic',
      emoji: '🧹',
      sentence: `Clear the ${categoryInfo[saved.category].title} auto-messages? Fans will no longer get them.`,
      confirmLabel: 'Clear',
    });
    if ((await outcome).action !== 'confirm') return;
    await replace({ category: saved.category, auto_messages: [] }, () => 'Cleared.');
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

  return {
    draft,
    busy,
    notice,
    problem,
    focusKey,
    uploads,
    room,
    deleting,
    dirty,
    canSave,
    add,
    change,
    priceValid,
    remove,
    clear,
    settings: (patch: Partial<Pick<Draft, 'delay_minutes' | 'cooldown_hours'>>) =>
      setDraft((d) => ({ ...d, ...patch })),
    move: (index: number, by: number) => setDraft((d) => ({ ...d, messages: moved(d.messages, index, by) })),
    addText: () => {
      const message = textMessage();
      add(message);
      setFocusKey(message.key);
    },
    upload: (files: File[]) => {
      report(null);
      uploads.start(files.slice(0, Math.max(room, 0)), {
        type: 'paid_message',
        ...(config.data ? { config: config.data } : {}),
      });
    },
    save: () =>
      replace(bodyOf(saved.category, draft), (stored) =>
        stored.messages.length === 0 ? 'Saved: this category is off.' : 'Saved.',
      ),
    reset: () => {
      setDraft(draftOf(saved));
      setBadPrices(new Set());
      report('Back to the last saved version.');
    },
  };
}

export type CategoryEditorState = ReturnType<typeof useCategoryEditor>;
