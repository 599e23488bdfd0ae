import * as z from 'zod/mini';
import { identityCheck, idVerificationStatus } from './entities/user';

/**
 * Becoming a creator (docs/rules.md, "Becoming a creator"): a fan applies, passes the identity check,
 * and staff approve or reject. The applicant stays a fan until approved.
 */

/** ISO 3166-1 alpha-2 country code. */
export const countryCode = z.pipe(
  z.string().check(z.regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')),
  z.transform((c) => c.toUpperCase()),
);

/** `POST /v1/users/apply`: the creator's public name and bio, and the person's birth date and country. */
export const applyBody = z.object({
  username: z.string().check(z.trim(), z.minLength(1), z.maxLength(30)),
  bio: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  date_of_birth: z.iso.date(),
  country: countryCode,
});
export type ApplyBody = z.input<typeof applyBody>;

export const applicationStatus = z.enum(['none', 'pending', 'approved', 'rejected']);
export type ApplicationStatus = z.infer<typeof applicationStatus>;

/**
 * `GET /v1/users/id-verification` (also the answer to applying and to starting a check): where the
 * application and its identity check stand, and the sandbox check's page while one is open.
 */
export const idVerificationResponse = z.object({
  application: applicationStatus,
  id_verification_status: z.nullable(idVerificationStatus),
  identity_check: z.nullable(identityCheck),
  /** The identity check's page; null when no check is open (none started, passed, or decided). */
  check_url: z.nullable(z.string()),
});
export type IdVerification = z.infer<typeof idVerificationResponse>;

/** The photos an identity check may take: the ID document's front, and a selfie. */
export const idDocumentSide = z.enum(['front', 'selfie']);
export type IdDocumentSide = z.infer<typeof idDocumentSide>;

/** One pending application as staff see it (`GET /v1/admin/applications`). */
export const adminApplication = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  email: z.string(),
  username: z.nullable(z.string()),
  bio: z.string(),
  date_of_birth: z.string(),
  country: z.string(),
  identity_check: z.nullable(identityCheck),
  /** The ID photos the applicant uploaded; each is read (and its view logged) one at a time. */
  id_documents: z.array(idDocumentSide),
  created_at: z.string(),
});
export type AdminApplication = z.infer<typeof adminApplication>;
export const adminApplicationsResponse = z.object({ applications: z.array(adminApplication) });

/** `POST /v1/admin/applications/:id/approve|reject`: the decision taken. */
export const applicationDecisionResponse = z.object({
  id: z.uuid(),
  status: z.enum(['approved', 'rejected']),
});

/**
 * `GET /v1/admin/applications/:id/documents/:side`: one ID photo for staff, as a JPEG data URL (so it
 * is read with the staff session's header and never has a URL of its own). Each read is in the audit log.
 */
export const idDocumentResponse = z.object({
  side: idDocumentSide,
  image: z.string(),
  width: z.int(),
  height: z.int(),
  uploaded_at: z.string(),
});
export type IdDocumentImage = z.infer<typeof idDocumentResponse>;

/** The sandbox identity page's upload answer. */
export const idDocumentUploadResponse = z.object({ side: idDocumentSide, width: z.int(), height: z.int() });
