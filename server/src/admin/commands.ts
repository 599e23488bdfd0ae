import { featureName, formatCredits, type LoggedEvent } from '@cove/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessTokens, adminActions, type UserRow, users } from '../db/schema';
import { creditsOf, postMovement } from '../ledger/ledger';
import { approveCreator, rejectCreator } from '../onboarding/decide';
import { setUserFeature } from '../onboarding/features';
import { withEvents, type Emit, type EventNotifier } from '../realtime/with-events';
import { addNotification } from '../notifications/add';
import { closeReport } from '../reports/close-report';
import type { Tx } from '../db/transaction';
import { type LoggedRow, notifyLogged } from '../messages/db-call';
import { openSupportChat } from '../support/support-chat';
import { discoverWarningOf, lifted, nextStep } from '../discover/punishment';

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
  unban: 'lift a ban: the person may sign in again',
  terminate: 'terminate the account for good: every token revoked, open sockets closed (sends banned)',
  report: 'warn the account that it was reported and may be terminated (sends reported)',
  warn: '<global|payment> [message]  open the warning popup for the person (sends warned)',
  'grant-staff': 'make the account support staff',
  'grant-release-manager': 'let the account publish and roll back remotes at /account/releases',
  'revoke-release-manager': 'take the release manager role away',
  'grant-credits': '<amount>  add promotional credits, recorded in the ledger',
  feature: '<name> <on|off>  set one of the account\u2019s feature permissions',
  'dismiss-report': '<report id>  close a report on the account without acting on it',
  penalize:
    "a creator's next visibility step (the reason is shown to them): warning, final warning, then a Discover penalty",
  'lift-penalty': "clear a creator's visibility warnings and penalty",
} as const;
export type AdminCommand = keyof typeof adminCommands;

export const isAdminCommand = (c: string): c is AdminCommand => Object.hasOwn(adminCommands, c);

/** The reason recorded for a command run without one (the CLI without --reason). */
export const defaultReason = 'from the command line';

/** The warning each kind shows when staff give no text of their own. */
export const standardWarnings = {
  global: 'Cove reviewed a report about your account. Please keep to the community rules.',
  payment: 'Cove noticed a problem with your payments. Please use only your own cards.',
} as const;

/** One support action: who runs it, on whom (by email or id), and why (kept in the audit log). */
export type AdminRequest = {
  actor: string;
  command: AdminCommand;
  args: string[];
  reason?: string;
  /** More to do in the same transaction, after the account is locked (e.g. resolving the report acted on). */
  within?: (tx: Tx, user: UserRow) => Promise<void>;
} & ({ email: string } | { userId: string });

/** What a moderation record tells the person staff did. */
const MODERATION = {
  frozen: 'Your account is frozen: chats and payments are paused.',
  unfrozen: 'Your account is no longer frozen.',
  banned: 'Your account was banned.',
  terminated: 'Your account was closed.',
  warned: 'Cove warned you about a report on your account.',
  unbanned: 'Your account is no longer banned.',
  penalized: 'Cove warned you about your Discover listing.',
  penaltyLifted: 'Your Discover warnings and penalty were lifted.',
};

async function update(tx: Tx, user: UserRow, set: Partial<typeof users.$inferInsert>): Promise<void> {
  await tx.update(users).set(set).where(eq(users.id, user.id));
}

/** Runs one support command in one transaction, logs who ran it, then tells the user's sockets. */
/**
 * Runs one support command in one transaction, logs who ran it and why, then tells the user's sockets.
 * The CLI and the staff console both act through here, so every action lands in the audit log.
 */
export async function runAdminCommand(db: Db, notifier: AdminNotifier, req: AdminRequest): Promise<string> {
  const reason = (req.reason ?? defaultReason).trim() || defaultReason;
  // Support's first message to a person being frozen: sent after the commit, with the rest.
  let supportEvents: LoggedRow[] = [];
  const result = await withEvents({ db, realtime: notifier }, async (tx, emitFor) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(
        'email' in req
          ? eq(sql`lower(${users.email})`, req.email.trim().toLowerCase())
          : eq(users.id, req.userId),
      )
      .for('update');
    if (!user) {
      throw new AdminCommandError(
        'email' in req ? `No account with the email ${req.email}.` : 'No such account.',
      );
    }
    const email = user.email;
    await req.within?.(tx, user);
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
      case 'unban':
        if (!user.bannedAt) throw new AdminCommandError(`${email} is not banned.`);
        if (user.terminatedAt) throw new AdminCommandError(`${email} was terminated; that cannot be lifted.`);
        await update(tx, user, { bannedAt: null });
        await note(MODERATION.unbanned, () => undefined);
        message = `${email} is no longer banned and may sign in again.`;
        break;
      case 'warn': {
        const kind = req.args[0] ?? 'global';
        if (kind !== 'global' && kind !== 'payment') {
          throw new AdminCommandError('warn takes global or payment, then the text to show (optional).');
        }
        const text = req.args.slice(1).join(' ').trim() || standardWarnings[kind];
        emit({ type: 'warned', kind, message: text });
        await note(MODERATION.warned);
        message = `${email} was warned.`;
        break;
      }
      case 'penalize':
      case 'lift-penalty': {
        if (user.type !== 'featured') throw new AdminCommandError(`${email} is not a creator.`);
        // The creator reads the reason on their banner: the command line's stand-in would tell them nothing.
        if (req.command === 'penalize' && req.reason === undefined) {
          throw new AdminCommandError('penalize needs --reason: the creator is shown it.');
        }
        const step = req.command === 'penalize' ? nextStep(user, reason) : lifted;
        await update(tx, user, step);
        const warning = discoverWarningOf(step);
        emit({ type: 'discover_warning', warning });
        await note(warning ? MODERATION.penalized : MODERATION.penaltyLifted);
        message = warning ? `${email}: ${warning.level.replaceAll('_', ' ')}.` : `${email}: no warnings.`;
        break;
      }
      case 'report':
        emit({ type: 'reported' });
        await note(MODERATION.warned);
        message = `${email} was warned.`;
        break;
      case 'dismiss-report':
        // From the console the report is closed by `within`; from the command line, here.
        if (!req.within) {
          await closeReport(tx, {
            reportId: req.args[0] ?? '',
            reportedId: user.id,
            resolution: 'dismiss',
            note: reason,
            staffId: null,
          });
        }
        message = `The report on ${email} is closed.`;
        break;
      case 'grant-staff':
        await update(tx, user, { isStaff: true });
        message = `${email} is now staff.`;
        break;
      case 'grant-release-manager':
      case 'revoke-release-manager': {
        const granted = req.command === 'grant-release-manager';
        await update(tx, user, { isReleaseManager: granted });
        message = `${email} ${granted ? 'is now' : 'is no longer'} a release manager.`;
        break;
      }
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
      .values({ actor: req.actor, command: req.command, targetUserId: user.id, args: req.args, reason });
    return { message, userId: user.id };
  });

  await notifyLogged(notifier, supportEvents);
  if (req.command === 'ban' || req.command === 'terminate') {
    await notifier.disconnectUser(result.userId, 'banned');
  }
  return result.message;
}
