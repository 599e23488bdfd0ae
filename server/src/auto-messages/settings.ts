import { assertPriceAllowed } from '../provider/price-cap';
import {
  autoMessageCategory,
  type AutoMessageCategory,
  type AutoMessageCategoryDto,
  autoMessageExcerpt,
  type ErrorCode,
  putAutoMessagesBody,
  type PutAutoMessagesBody,
} from '@cove/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { autoMessageCategories, autoMessages, media, type MediaRow, type UserRow } from '../db/schema';
import { transactionBetween } from '../db/transaction';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { describeMedia } from '../media/descriptor';
import type { UrlSigner } from '../media/url-signer';
import { bundlePick } from '../messages/bundle-items';
import { checkText } from '../messages/keyword-check';
import { providerConfigFor } from '../provider/provider-config';

/** What reading or replacing auto-messages may be refused with. */
export const autoMessageSettingsCodes = [
  'forbidden',
  'media_not_usable',
  'empty_text',
  'text_blocked',
  'media_required',
  'price_above_cap',
] as const satisfies readonly ErrorCode[];

export interface SettingsDeps {
  db: Db;
  signer: UrlSigner;
}

/** Auto-messages are a creator's tool; anyone else is refused (403 'Forbidden'). */
export function assertCreator(me: UserRow): void {
  if (me.type !== 'featured') throw fail('forbidden');
}

/** A media an auto-message may carry: the creator's own upload, not deleted and not failed. */
const usable = (row: MediaRow | undefined, ownerId: string): row is MediaRow =>
  row !== undefined && row.ownerId === ownerId && row.deletedAt === null && row.status !== 'failed';

/** The messages as they will be stored, after the checks a send would make of each. */
async function checkedMessages(db: Db, me: UserRow, body: ReturnType<typeof putAutoMessagesBody.parse>) {
  const config = await providerConfigFor(db, me);
  for (const m of body.auto_messages) await assertPriceAllowed(db, me, m.price);
  const picks = body.auto_messages.map((m) => (m.type === 'media' ? bundlePick(m.media_items) : null));
  const ids = body.auto_messages.flatMap((m, i) =>
    m.type !== 'media' ? [] : (picks[i]?.map((p) => p.media_id) ?? (m.media_id ? [m.media_id] : [])),
  );
  if (ids.some((id) => !isUuid(id))) throw fail('media_not_usable');
  const rows = ids.length ? await db.select().from(media).where(inArray(media.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return body.auto_messages.map((m, i) => {
    if (m.type === 'text' && !m.text.trim()) throw fail('empty_text');
    if (checkText(m.text, config).kind === 'blocked') throw fail('text_blocked');
    if (m.type === 'text')
      return { type: m.type, text: m.text, price: m.price, mediaId: null, mediaItems: null, kind: null };
    const pick = picks[i] ?? null;
    const first = pick?.[0]?.media_id ?? m.media_id;
    if (!first) throw fail('media_required');
    if (pick && !pick.every((p) => usable(byId.get(p.media_id), me.id))) throw fail('media_not_usable');
    const row = byId.get(first);
    if (!usable(row, me.id)) throw fail('media_not_usable');
    return { type: m.type, text: m.text, price: m.price, mediaId: row.id, mediaItems: pick, kind: row.kind };
  });
}

/** Every category of a creator, in the contract's order; one never saved (or cleared) is empty. */
export async function listAutoMessages(
  deps: SettingsDeps,
  me: UserRow,
  only?: AutoMessageCategory,
): Promise<AutoMessageCategoryDto[]> {
  assertCreator(me);
  const mine = eq(autoMessageCategories.creatorId, me.id);
  const [categories, items] = await Promise.all([
    deps.db
      .select()
      .from(autoMessageCategories)
      .where(only ? and(mine, eq(autoMessageCategories.category, only)) : mine),
    deps.db
      .select({ message: autoMessages, media })
      .from(autoMessages)
      .leftJoin(media, eq(media.id, autoMessages.mediaId))
      .where(and(eq(autoMessages.creatorId, me.id), only ? eq(autoMessages.category, only) : undefined))
      .orderBy(asc(autoMessages.position)),
  ]);
  const bundled = items.flatMap((i) => i.message.mediaItems?.map((p) => p.media_id) ?? []);
  const bundleRows = bundled.length
    ? await deps.db.select().from(media).where(inArray(media.id, bundled))
    : [];
  const rowOf = new Map(bundleRows.map((r) => [r.id, r]));
  const names = only ? [only] : autoMessageCategory.options;
  return names.map((category) => {
    const saved = categories.find((c) => c.category === category);
    return {
      category,
      excerpt: saved?.excerpt ?? '',
      delay_minutes: saved?.delayMinutes ?? 0,
      cooldown_hours: saved?.cooldownHours ?? 0,
      messages: items
        .filter((i) => i.message.category === category)
        .map(({ message: m, media: row }) => ({
          _id: m.id,
          type: m.type,
          text: m.text,
          price: m.price,
          media_id: m.mediaId,
          // A media deleted from the vault shows as gone; it is skipped when sending.
          media: row && row.deletedAt === null ? describeMedia(deps.signer, row, me.id, 'full') : null,
          media_items:
            m.mediaItems?.map((p) => {
              const item = rowOf.get(p.media_id);
              return {
                media_id: p.media_id,
                type: item?.kind ?? 'image',
                video_length: item?.videoLength ?? null,
                preview: p.preview,
                media:
                  item && item.deletedAt === null ? describeMedia(deps.signer, item, me.id, 'full') : null,
              };
            }) ?? null,
        })),
    };
  });
}

/**
 * `PUT /v1/auto-messages`: the category becomes exactly the given messages, in that order, or is
 * cleared by an empty list (its excerpt and settings go with it). Every message is checked before
 * anything is written, so a refused PUT changes nothing. The creator's row is locked for the
 * replacement, so two saves at once apply one after the other.
 */
export async function putAutoMessages(
  deps: SettingsDeps,
  me: UserRow,
  input: PutAutoMessagesBody,
): Promise<AutoMessageCategoryDto> {
  assertCreator(me);
  const body = putAutoMessagesBody.parse(input);
  const messages = await checkedMessages(deps.db, me, body);
  await transactionBetween(deps.db, [me.id], async (tx) => {
    await tx
      .delete(autoMessageCategories)
      .where(
        and(eq(autoMessageCategories.creatorId, me.id), eq(autoMessageCategories.category, body.category)),
      );
    if (messages.length === 0) return;
    await tx.insert(autoMessageCategories).values({
      creatorId: me.id,
      category: body.category,
      excerpt: autoMessageExcerpt(messages),
      delayMinutes: body.delay_minutes,
      cooldownHours: body.cooldown_hours,
    });
    await tx.insert(autoMessages).values(
      messages.map((m, position) => ({
        creatorId: me.id,
        category: body.category,
        position,
        type: m.type,
        text: m.text,
        mediaId: m.mediaId,
        mediaItems: m.mediaItems,
        price: m.price,
      })),
    );
  });
  const [saved] = await listAutoMessages(deps, me, body.category);
  if (!saved) throw new Error('auto-message category vanished after its save');
  return saved;
}
