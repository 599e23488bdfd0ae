/**
 * The demo staff member's authenticator secret, as the README gives it to a newcomer
 * (seeded by server/src/seed/demo-second-factor.ts): journeys sign in as cove-staff with its codes.
 */
export const demoStaffTotpSecret = 'COVEDEMOSTAFFTOTPSECRETCOVEDEMO2';

/** The demo release manager's (cove-release), beside it in the README: the releases journey signs in with it. */
export const demoReleaseTotpSecret = 'COVEDEMORELEASETOTPSECRETCOVED27';
