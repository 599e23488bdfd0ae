import type { ConnectionStatus, User } from '@cove/contracts';
import { isFan } from '../onboarding/onboarding';
import { codePending } from '../session/verification-state';

/** The banners the spec lists that the shell owns, each with what its button does. */
export type BannerKind =
  | { kind: 'disconnected' }
  | { kind: 'deletion-scheduled'; deleteAt: string | null }
  | { kind: 'verify-email'; variant: 'code-sent' | 'send-code' }
  | { kind: 'complete-profile'; missing: 'username' | 'gender' }
  | { kind: 'creator-profile'; missing: 'avatar' | 'bio' };

/** Which banners to show, most urgent first. */
export function bannersFor(input: {
  user: Pick<
    User,
    | 'type'
    | 'is_staff'
    | 'is_staff_mo'
    | 'email_verified'
    | 'username'
    | 'gender'
    | 'avatar_url'
    | 'bio'
    | 'deleted_scheduled'
    | 'delete_at'
  > | null;
  connection: ConnectionStatus;
  codeSentAt: number | null;
  now?: number;
}): BannerKind[] {
  const { user } = input;
  if (!user) return [];
  const list: BannerKind[] = [];
  if (input.connection === 'disconnected') list.push({ kind: 'disconnected' });
  if (user.deleted_scheduled) list.push({ kind: 'deletion-scheduled', deleteAt: user.delete_at });
  // Email verification prompts are for fans only (spec section 6).
  if (isFan(user) && !user.email_verified) {
    list.push({
      kind: 'verify-email',
      variant: codePending(input.codeSentAt, input.now) ? 'code-sent' : 'send-code',
    });
  } else if (isFan(user) && (!user.username || !user.gender)) {
    list.push({ kind: 'complete-profile', missing: user.username ? 'gender' : 'username' });
  }
  // A creator's profile is complete with an avatar and a bio (docs/rules.md, "Complete profile").
  if (user.type === 'featured' && !user.avatar_url) list.push({ kind: 'creator-profile', missing: 'avatar' });
  else if (user.type === 'featured' && !user.bio.trim())
    list.push({ kind: 'creator-profile', missing: 'bio' });
  return list;
}
