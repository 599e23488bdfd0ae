import { buffer } from 'node:stream/consumers';
import type { ErrorCode, IdDocumentImage, IdDocumentSide } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminActions, creatorApplications, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { assertMay, staffActor } from '../staff/act';
import type { Storage } from '../storage';
import { idDocumentOf } from './id-documents';

/** What reading an ID photo may be refused with. */
export const idDocumentCodes = [
  'not_found',
  'id_document_not_found',
  'moderator_not_allowed',
  'staff_action_refused',
] as const satisfies readonly ErrorCode[];

/** The audit log's command for one look at an ID photo; its args are the application and the side. */
export const viewIdDocumentCommand = 'view_id_document';
const viewReason = 'Reviewing the creator application';

/**
 * `GET /v1/admin/applications/:id/documents/:side` (docs/rules.md, "Becoming a creator"): one ID
 * photo for the staff who may decide on the application (not moderators, not on their own), read from
 * private storage. Each look is written to the audit log (who, whose, which photo, when) before the
 * photo is answered.
 */
export async function viewIdDocument(
  deps: { db: Db; storage: Storage },
  staff: UserRow,
  applicationId: string,
  side: IdDocumentSide,
): Promise<IdDocumentImage> {
  assertMay(staff, 'approve');
  const [application] = await deps.db
    .select({ id: creatorApplications.id, userId: creatorApplications.userId })
    .from(creatorApplications)
    .where(eq(creatorApplications.id, applicationId));
  if (!application) throw fail('not_found');
  if (application.userId === staff.id)
    throw fail('staff_action_refused', 'Staff can not review their own application.');
  const doc = await idDocumentOf(deps.db, application.id, side);
  if (!doc) throw fail('id_document_not_found');
  const bytes = await buffer(await deps.storage.read(doc.storageKey));
  await deps.db.insert(adminActions).values({
    actor: staffActor(staff),
    command: viewIdDocumentCommand,
    targetUserId: application.userId,
    args: [application.id, side],
    reason: viewReason,
  });
  return {
    side,
    image: `data:image/jpeg;base64,${bytes.toString('base64')}`,
    width: doc.width,
    height: doc.height,
    uploaded_at: doc.createdAt.toISOString(),
  };
}
