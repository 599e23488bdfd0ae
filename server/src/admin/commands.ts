import { featureName, formatCredits, type LoggedEvent } from '@cove/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessTokens, adminActions, type UserRow, users } from '../db/schema';
import { creditsOf, postMovement } from '../ledger/ledger';
import { approveCreator, rejectCreator } from '../onboarding/decide';
import { setUserFeature } from '../onboarding/features';
import { withEvents, type Emit, type EventNotifier } from '../realtime/with-events';
import { addNotification } from '../notifications/add';
import type { Tx } from '../db/transaction';
import { type LoggedRow, notifyLogged } from '../messages/db-call';
import { openSupportChat } from '../support/support-chat';

/** What an admin command needs from the realtime layer: tell sockets about news, or close them. */
export interface AdminNotifier extends EventNotifier {
  disconnectUser(userId: string, reason: string): Promise<void>;
}

export class AdminCommandError extends Error {}

export const adminCommands = {
  'make-creator': 'make the account a creator awaiting ID verification and approval',
  approve: 'approve a creator: ID verified, listed in discovery (sends approved)',
  reject: "reject a creator's application (sends onboarding_rejected)",
  freeze: 'freeze the account: it cannot chat until unfrozen',
  unfreeze: 'lift a freeze',
  ban: 'ban the account: every token revoked, open sockets closed (sends banned)',
  terminate: 'terminate the account for good: every token revoked, open sockets closed (sends banned)',
  report: 'warn the account that it was reported and may be terminated (sends reported)',
  'grant-staff': 'make the account support staff',
  'grant-credits': '<amount>  add promotional credits, recorded in the ledger',
  feature: '<name> <on|off>  set one of the account\u2019s feature permissions',
} as const;
export type AdminCommand = keyof typeof adminCommands;

export const isAdminCommand = (c: string): c is AdminCommand => Object.hasOwn(adminCommands, c);

export interface AdminRequest {
  actor: string;
  command: AdminCommand;
  email: string;
  args: string[];
}

/** What a moderation record tells the person staff did. */
const MODERATION = {
  frozen: 'Your account is frozen: chats and payments are paused.',
  unfrozen: 'Your account is no longer frozen.',
  banned: 'Your account was banned.',
  terminated: 'Your account was closed.',
  warned: 'Cove warned you about a report on your account.',
};

async function update(tx: Tx, user: UserRow, set: Partial<typeof users.$inferInsert>): Promise<void> {
  await tx.update(users).set(set).where(eq(users.id, user.id));
}

/** Runs one support command in one transaction, logs who ran it, then tells the user's sockets. */
export async function runAdminCommand(db: Db, notifier: AdminNotifier, req: AdminRequest): Promise<string> {
  const email = req.email.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (!user) throw new AdminCommandError(`No account with the email ${email}.`);

  let supportEvents: LoggedRow[] = [];
  const result = await withEvents({ db, realtime: notifier }, async (tx, emitFor) => {
    const emit = (event: LoggedEvent) => emitFor(user.id, event);
    // What staff did, in the person's notifications (docs/rules.md, "Notifications").
    const note = (detail: string, tell: Emit = emitFor) =>
      addNotification(tx, tell, [user.id], { kind: 'moderation', detail, url: '/account/settings' });
    let message: string;
    switch (req.command) {
      case 'make-creator':
        await update(tx, user, {
          type: 'featured',
          requiresModeration: true,
          idVerificationStatus: 'pending',
          discoverStatus: 'hidden',
        });
        message = `${email} is now a creator awaiting approval.`;
        break;
      case 'approve':
        await approveCreator(tx, user, { actor: req.actor, emit: emitFor });
        message = `${email} is approved.`;
        break;
      case 'reject':
        await rejectCreator(tx, user, { actor: req.actor, emit: emitFor });
        message = `${email} is rejected.`;
        break;
      case 'freeze':
      case 'unfreeze': {
        const frozen = req.command === 'freeze';
        await update(tx, user, { frozen });
        emit({ type: 'frozen', frozen });
        // A frozen person may talk to support only: freezing opens that chat with support's first word.
        if (frozen && !user.frozen) supportEvents = await openSupportChat(tx, user);
        await note(frozen ? MODERATION.frozen : MODERATION.unfrozen);
        message = `${email} is ${frozen ? 'frozen' : 'no longer frozen'}.`;
        break;
      }
      case 'ban':
      case 'terminate': {
        const banned = req.command === 'ban';
        await update(tx, user, banned ? { bannedAt: new Date() } : { terminatedAt: new Date() });
        // The spec has one event for both: `banned` shows the terminated popup.
        emit({ type: 'banned' });
        // Kept for the record, but not sent: `banned` is the last thing the person's sockets hear.
        await note(banned ? MODERATION.banned : MODERATION.terminated, () => undefined);
        await tx
          .update(accessTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(accessTokens.userId, user.id), isNull(accessTokens.revokedAt)));
        message = `${email} is ${banned ? 'banned' : 'terminated'} and signed out everywhere.`;
        break;
      }
      case 'report':
        emit({ type: 'reported' });
        await note(MODERATION.warned);
        message = `${email} was warned.`;
        break;
      case 'grant-staff':
        await update(tx, user, { isStaff: true });
        message = `${email} is now staff.`;
        break;
      case 'grant-credits': {
        const amount = Number(req.args[0]);
        if (!Number.isInteger(amount) || amount <= 0 || amount > 1_000_000) {
          throw new AdminCommandError('grant-credits takes a whole number of credits from 1 to 1000000.');
        }
        await postMovement(tx, {
          kind: 'promotional_grant',
          reference: { actor: req.actor },
          entries: [
            { account: { owner: null, kind: 'promotions' }, amount: -amount },
            { account: { owner: user.id, kind: 'credits' }, amount },
          ],
        });
        const credits = await creditsOf(tx, user.id);
        emit({ type: 'credits_update', credits, amount });
        message = `${email} now has ${formatCredits(credits)}.`;
        break;
      }
      case 'feature': {
        const name = featureName.safeParse(req.args[0]);
        const state = req.args[1];
        if (!name.success || (state !== 'on' && state !== 'off')) {
          throw new AdminCommandError(
            `feature takes a name (${featureName.options.join(', ')}) and on or off.`,
          );
        }
        await setUserFeature(tx, emitFor, user, name.data, state === 'on');
        message = `${email}: ${name.data} is ${state}.`;
        break;
      }
    }
    await tx
      .insert(adminActions)
      .values({ actor: req.actor, command: req.command, targetUserId: user.id, args: req.args });
    return message;
  });

  await notifyLogged(notifier, supportEvents);
  if (req.command === 'ban' || req.command === 'terminate') await notifier.disconnectUser(user.id, 'banned');
  return result;
}
