import { typedPriceCredits, type Message, type VaultItem } from '@cove/contracts';
import { checkFile, useHost, usePriceCap } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { fetchMediaConfig } from '../api/get-media-config';
import {
  bundleSlots,
  fileAttachment,
  hasRoom,
  vaultAttachment,
  vaultFields,
  type Attachment,
} from '../model/attachments';
import type { MessageDraft } from '../model/message-delivery';
import { trimMessage } from '../model/trim-message';
import type { SendQueue } from './SendQueues';
import { useTypingSignal } from './use-typing-signal';
import { wideScreen } from '../../../common/wide-screen';

export interface MessageComposerOptions {
  chatId: string;
  /** A creator who may sell: attached media can carry a price. */
  canPrice: boolean;
  queue: SendQueue;
  /** The next message costs its sender the chat's rate. */
  charged: boolean;
  replyTo: Message | null;
  onCancelReply(): void;
  /** The message box: focused after a send and when a wide screen opens the chat. */
  box: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The message being written: its text, attachments (new files and vault media; several make a
 * bundle, docs/rules.md), price, free preview and self-destruct, and what sends it. Enter sends,
 * Shift+Enter starts a line, Escape drops the reply or the last attachment; a GIF goes at once.
 */
export function useMessageComposer({
  chatId,
  canPrice,
  queue,
  charged,
  replyTo,
  onCancelReply,
  box,
}: MessageComposerOptions) {
  const { api, popups } = useHost();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [previewKey, setPreviewKey] = useState<string | null>(null);
  const [vault, setVault] = useState(false);
  const [price, setPrice] = useState('');
  const [selfDestruct, setSelfDestruct] = useState(false);
  const [gifs, setGifs] = useState(false);
  const typing = useTypingSignal(chatId);
  // On a wide screen an opened chat is ready to type in; on a phone the keyboard would cover it.
  useEffect(() => {
    if (wideScreen()) box.current?.focus();
  }, [box]);
  const priceCap = usePriceCap();
  const credits = typedPriceCredits(price, priceCap);
  const priceValid = credits !== null;
  const body = trimMessage(text);
  const canSend = (body.length > 0 || attachments.length > 0) && priceValid;
  const priced = attachments.length > 0 && canPrice && credits !== null ? credits : 0;
  // A free preview only means something in a paid bundle: one item stays open, the rest locked.
  const canPreview = priced > 0 && attachments.length > 1;
  const reply: { parent_message_id?: string } = replyTo ? { parent_message_id: replyTo._id } : {};

  // A paid message is never queued: with no connection it stays in the box (docs/rules.md, Offline).
  const held = (paid: boolean) => paid && queue.offline;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend || held(priced > 0 || charged)) return;
    typing.stop();
    const [first] = attachments;
    const draft: MessageDraft = {
      type: first?.kind ?? 'text',
      text: body,
      price: priced,
      self_destruct: selfDestruct,
      ...reply,
    };
    if (attachments.length > 1)
      queue.send(draft, null, { bundle: bundleSlots(attachments, canPreview ? previewKey : null) }, charged);
    else if (first?.source === 'vault') queue.send(draft, null, { media: vaultFields(first.item) }, charged);
    else queue.send(draft, first?.file ?? null, {}, charged);
    setText('');
    setAttachments([]);
    setPreviewKey(null);
    setVault(false);
    setPrice('');
    setSelfDestruct(false);
    onCancelReply();
    box.current?.focus();
  };

  const sendGif = (url: string) => {
    setGifs(false);
    if (held(charged)) return;
    const gif: MessageDraft = { type: 'gif', text: '', gif_url: url, price: 0, self_destruct: selfDestruct };
    queue.send({ ...gif, ...reply }, null, {}, charged);
    onCancelReply();
    box.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape') {
      if (replyTo) onCancelReply();
      else if (attachments.length) setAttachments(attachments.slice(0, -1));
    }
  };

  /** A file that cannot go is refused as it is picked, against the server's limits (read once). */
  const pick = async (chosen: File | undefined) => {
    if (!chosen) return;
    const config = await fetchMediaConfig(client, api);
    // Without the limits the upload pipeline checks the file again before sending anything.
    const refusal = config ? checkFile(chosen, 'both', config) : null;
    if (refusal) popups.open({ kind: 'upload-error', message: refusal });
    else if (queue.uploading) popups.open({ kind: 'upload-in-progress' });
    else setAttachments((list) => (hasRoom(list) ? [...list, fileAttachment(chosen)] : list));
  };

  /** A vault media joins the message; picking one already in it takes it out again. */
  const pickVault = (item: VaultItem) =>
    setAttachments((list) => {
      const added = vaultAttachment(item);
      if (list.some((a) => a.key === added.key)) return list.filter((a) => a.key !== added.key);
      return hasRoom(list) ? [...list, added] : list;
    });

  const drop = (key: string) => {
    setAttachments((list) => list.filter((a) => a.key !== key));
    if (previewKey === key) setPreviewKey(null);
  };

  const changeText = (value: string) => {
    setText(value);
    if (value) typing.typed();
    else typing.stop();
  };

  const closeGifs = () => {
    setGifs(false);
    box.current?.focus();
  };

  return {
    text,
    changeText,
    stopTyping: typing.stop,
    onKeyDown,
    attachments,
    full: !hasRoom(attachments),
    pick,
    pickVault,
    drop,
    vault,
    toggleVault: () => setVault(!vault),
    closeVault: () => setVault(false),
    canPreview,
    previewKey: canPreview ? previewKey : null,
    choosePreview: (key: string | null) => setPreviewKey(key),
    price,
    setPrice,
    /** The typed price in credits, null when it is not one or above `priceCap`. */
    credits,
    /** The highest price this creator may set (docs/rules.md, Premium prices). */
    priceCap,
    priceValid,
    selfDestruct,
    setSelfDestruct,
    gifs,
    toggleGifs: () => setGifs(!gifs),
    closeGifs,
    sendGif,
    canSend,
    /** Sending this message moves money: with no connection it is held, never queued. */
    paid: priced > 0 || charged,
    submit,
  };
}

export type MessageComposerState = ReturnType<typeof useMessageComposer>;
