/**
 * The demo staff member's authenticator secret, as the README gives it to a newcomer
 * (seeded by server/src/seed/demo-second-factor.ts): journeys sign in as cove-staff with its codes.
 */
export const demoStaffTotpSecret = 'COVEDEMOSTAFFTOTPSECRETCOVEDEMO2';
