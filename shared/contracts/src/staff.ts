import * as z from 'zod/mini';
import { features } from './provider-config';
import { discoverWarning } from './entities/user';

/**
 * Reports and the staff console (docs/rules.md, "Reports and the staff console"): what a person
 * reports, what staff see of it, the actions they take, and the audit log every action writes.
 */

/** The reasons a person may give for a report, in the order the form offers them. */
export const reportCategories = [
  'spam',
  'harassment',
  'underage',
  'impersonation',
  'stolen_content',
  'scam',
  'other',
] as const;
export const reportCategory = z.enum(reportCategories);
export type ReportCategory = z.infer<typeof reportCategory>;

/** How the report form and the console word each reason. */
export const reportCategoryLabels: Record<ReportCategory, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  underage: 'May be under 18',
  impersonation: 'Pretending to be someone else',
  stolen_content: 'Stolen content',
  scam: 'Scam or fraud',
  other: 'Something else',
};

/** A report's messages to copy as evidence: the reported person's latest in the chat. */
export const REPORT_EVIDENCE_MESSAGES = 20;

/**
 * `POST /v1/users/:id/report`. `reason` is one of the reasons above; any other text (what the form
 * sent before there were reasons) is kept as the note of a report for "other". `chat_id` attaches the
 * reported person's recent messages there, `post_id` one of their posts.
 */
export const reportBody = z.object({
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(1000)),
  note: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
  chat_id: z.optional(z.uuid()),
  post_id: z.optional(z.uuid()),
});
export type ReportBody = z.input<typeof reportBody>;

/** What a report keeps of a message or post, copied when it was made. */
export const reportEvidence = z.object({
  kind: z.enum(['message', 'post']),
  id: z.string(),
  type: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type ReportEvidence = z.infer<typeof reportEvidence>;

export const reportStatuses = ['open', 'assigned', 'resolved'] as const;
export const reportStatus = z.enum(reportStatuses);
export type ReportStatus = z.infer<typeof reportStatus>;

/** Someone as the console names them. */
export const staffPerson = z.object({ id: z.uuid(), email: z.string(), username: z.nullable(z.string()) });
export type StaffPerson = z.infer<typeof staffPerson>;

/** What staff do with a report as they resolve it: nothing more, or one action on the reported person. */
export const reportResolutions = ['dismiss', 'warn', 'freeze', 'ban', 'terminate'] as const;
export const reportResolution = z.enum(reportResolutions);
export type ReportResolution = z.infer<typeof reportResolution>;

/** One report as staff see it. */
export const staffReport = z.object({
  id: z.uuid(),
  category: reportCategory,
  note: z.string(),
  status: reportStatus,
  reporter: staffPerson,
  reported: staffPerson,
  chat_id: z.nullable(z.string()),
  post_id: z.nullable(z.string()),
  evidence: z.array(reportEvidence),
  assigned_to: z.nullable(staffPerson),
  resolution: z.nullable(z.string()),
  resolution_note: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.nullable(z.string()),
});
export type StaffReport = z.infer<typeof staffReport>;
export const staffReportsResponse = z.object({ reports: z.array(staffReport) });
export const staffReportResponse = z.object({ report: staffReport });

/** Why staff act: every console action carries one, kept in the audit log. */
export const staffReason = z
  .string({ error: 'A reason is required.' })
  .check(z.trim(), z.minLength(1, 'A reason is required.'), z.maxLength(500));

/** `POST /v1/admin/reports/:id/resolve`: the action taken (if any) and why. */
export const resolveReportBody = z.object({
  action: reportResolution,
  reason: staffReason,
  warning: z.optional(z.enum(['global', 'payment'])),
});

/** The actions on a person from the console (`POST /v1/admin/users/:id/actions/:action`). */
export const staffActions = [
  'warn',
  'freeze',
  'unfreeze',
  'ban',
  'unban',
  'terminate',
  'grant-credits',
  'penalize',
  'lift-penalty',
] as const;
export const staffAction = z.enum(staffActions);
export type StaffAction = z.infer<typeof staffAction>;

/** A warning opens one of the spec's popups for the person: a general one, or one about payments. */
export const warningKind = z.enum(['global', 'payment']);
export type WarningKind = z.infer<typeof warningKind>;

export const staffActionBody = z.object({
  reason: staffReason,
  /** warn: which popup (global by default). */
  kind: z.optional(warningKind),
  /** warn: what the popup says (a standard text when left out). */
  message: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(1000))),
  /** grant-credits: how many. */
  amount: z.optional(z.int().check(z.gte(1), z.lte(1_000_000))),
});
export type StaffActionBody = z.input<typeof staffActionBody>;
export const staffActionResponse = z.object({ message: z.string() });

/** `GET /v1/admin/users/:id`: one person as staff see them. */
/**
 * One payment as staff see it in the person view. `reversal_asked`: a refund or chargeback was asked
 * and the provider's confirmation has not arrived yet; `reversible`: staff may refund it or record a
 * chargeback now (docs/rules.md, Refunds and chargebacks).
 */
export const staffPayment = z.object({
  id: z.uuid(),
  method: z.enum(['card', 'crypto']),
  /** What was paid, in dollars. */
  amount: z.string(),
  credits: z.int(),
  status: z.enum(['pending', 'succeeded', 'failed', 'refunded', 'charged_back']),
  card: z.nullable(z.string()),
  reversal_asked: z.boolean(),
  reversible: z.boolean(),
  created_at: z.string(),
});
export type StaffPayment = z.infer<typeof staffPayment>;

/** `POST /v1/admin/payments/:id/refund|chargeback`: what staff may do to a payment. */
export const staffPaymentAction = z.enum(['refund', 'chargeback']);
export type StaffPaymentAction = z.infer<typeof staffPaymentAction>;

export const staffPersonView = z.object({
  person: z.object({
    id: z.uuid(),
    email: z.string(),
    username: z.nullable(z.string()),
    type: z.enum(['user', 'featured']),
    is_staff: z.boolean(),
    is_staff_mo: z.boolean(),
    frozen: z.boolean(),
    banned: z.boolean(),
    terminated: z.boolean(),
    created_at: z.string(),
    /** Credits held, in dollars. */
    balance: z.string(),
    /** A creator's standing step on the visibility ladder (docs/rules.md, Creator signals), or null. */
    discover_warning: z.nullable(discoverWarning),
  }),
  features,
  /** Succeeded payments and what they came to, in dollars; `recent`: the newest card and crypto payments. */
  payments: z.object({ count: z.int(), total: z.string(), recent: z.array(staffPayment) }),
  /** Payouts made to the person, in dollars. */
  payouts: z.object({ count: z.int(), total: z.string() }),
  reports_about: z.array(staffReport),
  reports_by: z.array(staffReport),
  applications: z.array(
    z.object({ id: z.uuid(), status: z.string(), country: z.string(), created_at: z.string() }),
  ),
});
export type StaffPersonView = z.infer<typeof staffPersonView>;

/** One row of the audit log. */
export const auditEntry = z.object({
  id: z.uuid(),
  actor: z.string(),
  command: z.string(),
  target_user_id: z.nullable(z.string()),
  args: z.array(z.string()),
  reason: z.string(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `GET /v1/admin/audit?target=&before=`: newest first; `next_before` pages on. */
export const auditQuery = z.object({
  target: z.optional(z.uuid()),
  before: z.optional(z.iso.datetime({ offset: true })),
});
export const auditResponse = z.object({ entries: z.array(auditEntry), next_before: z.nullable(z.string()) });
