import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { IdDocumentSide } from '@cove/contracts';
import { and, asc, eq, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { creatorApplications, type IdDocumentRow, idDocuments } from '../db/schema';
import type { Queryable } from '../db/transaction';
import { makeDocumentImage } from '../media/image-renditions';
import { MediaInputError } from '../media/media-input-error';
import type { PixelBudget } from '../media/pixel-budget';
import type { Storage } from '../storage';

/** ID photos are erased this long after staff decide on the application (docs/rules.md). */
export const ID_DOCUMENT_RETENTION_DAYS = 30;

export interface IdDocumentDeps {
  db: Db;
  storage: Storage;
  pixels: PixelBudget;
  /** Scratch space for the processed photo before it is stored. */
  workDir: string;
}

/** Private keys, never a URL: nothing serves storage keys but the staff route, which reads the row. */
const documentKey = (applicationId: string, side: IdDocumentSide) =>
  `id/${applicationId}/${side}-${randomBytes(12).toString('hex')}.jpg`;

/**
 * Keeps one ID photo of an application, from an image file on this machine (the upload's staged copy,
 * or the demo's drawn card): processed like every photo (media/image-renditions.ts) into a JPEG with no
 * metadata, stored privately, replacing the side's earlier photo. The source file is left to the caller.
 */
export async function saveIdDocument(
  deps: IdDocumentDeps,
  applicationId: string,
  side: IdDocumentSide,
  source: string,
): Promise<IdDocumentRow> {
  const dir = await mkdtemp(join(deps.workDir, 'id-'));
  const key = documentKey(applicationId, side);
  try {
    const out = join(dir, 'document.jpg');
    let made;
    try {
      made = await makeDocumentImage(source, out, deps.pixels);
    } catch (err) {
      throw err instanceof MediaInputError ? err.toAppError() : err;
    }
    await deps.storage.moveIn(key, out, 'image/jpeg');
    const { row, replaced } = await deps.db.transaction(async (tx) => {
      const [old] = await tx
        .select({ key: idDocuments.storageKey })
        .from(idDocuments)
        .where(and(eq(idDocuments.applicationId, applicationId), eq(idDocuments.side, side)))
        .for('update');
      const values = { storageKey: key, ...made, createdAt: new Date() };
      const [saved] = await tx
        .insert(idDocuments)
        .values({ applicationId, side, ...values })
        .onConflictDoUpdate({ target: [idDocuments.applicationId, idDocuments.side], set: values })
        .returning();
      if (!saved) throw new Error('id document insert returned nothing');
      return { row: saved, replaced: old?.key ?? null };
    });
    if (replaced) await deps.storage.delete([replaced]);
    return row;
  } catch (err) {
    await deps.storage.delete([key]).catch(() => undefined);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The sides an application has photos of, per application. */
export async function documentSides(
  db: Queryable,
  applicationIds: string[],
): Promise<Map<string, IdDocumentSide[]>> {
  const sides = new Map<string, IdDocumentSide[]>();
  if (applicationIds.length === 0) return sides;
  const rows = await db
    .select({ applicationId: idDocuments.applicationId, side: idDocuments.side })
    .from(idDocuments)
    .where(inArray(idDocuments.applicationId, applicationIds))
    .orderBy(asc(idDocuments.side));
  for (const r of rows) sides.set(r.applicationId, [...(sides.get(r.applicationId) ?? []), r.side]);
  return sides;
}

export async function idDocumentOf(
  db: Queryable,
  applicationId: string,
  side: IdDocumentSide,
): Promise<IdDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(idDocuments)
    .where(and(eq(idDocuments.applicationId, applicationId), eq(idDocuments.side, side)));
  return row;
}

/**
 * Removes a person's ID photo rows (their account is being erased) and answers the storage keys to
 * delete once the transaction commits.
 */
export async function takeIdDocuments(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .delete(idDocuments)
    .where(
      inArray(
        idDocuments.applicationId,
        db
          .select({ id: creatorApplications.id })
          .from(creatorApplications)
          .where(eq(creatorApplications.userId, userId)),
      ),
    )
    .returning({ key: idDocuments.storageKey });
  return rows.map((r) => r.key);
}

/**
 * Erases the ID photos of applications decided more than the retention period ago (docs/rules.md):
 * the files first, then the rows, so a crash in between leaves rows the next run erases again.
 */
export async function eraseDecidedIdDocuments(
  deps: Pick<IdDocumentDeps, 'db' | 'storage'>,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - ID_DOCUMENT_RETENTION_DAYS * 24 * 60 * 60_000);
  const due = await deps.db
    .select({ id: idDocuments.id, key: idDocuments.storageKey })
    .from(idDocuments)
    .innerJoin(creatorApplications, eq(creatorApplications.id, idDocuments.applicationId))
    .where(
      and(
        ne(creatorApplications.status, 'pending'),
        isNotNull(creatorApplications.decidedAt),
        lt(creatorApplications.decidedAt, before),
      ),
    )
    .limit(500);
  if (due.length === 0) return 0;
  await deps.storage.delete(due.map((d) => d.key));
  await deps.db.delete(idDocuments).where(
    inArray(
      idDocuments.id,
      due.map((d) => d.id),
    ),
  );
  return due.length;
}
