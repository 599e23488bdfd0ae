-- Photos of an applicant's ID document (and a selfie) taken on the identity provider's page, for staff
-- to review with the application (docs/rules.md, "Becoming a creator"). The bytes live in private
-- storage under `storage_key` (never served but through the staff route, which logs each view); one
-- photo per side, a new upload replacing the old. Erased some days after the decision.
CREATE TABLE "id_documents" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "application_id" uuid NOT NULL REFERENCES "creator_applications"("id") ON DELETE CASCADE,
  "side" text NOT NULL CHECK ("side" IN ('front', 'selfie')),
  "storage_key" text NOT NULL,
  "size" integer NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "id_documents_application_side_key" UNIQUE ("application_id", "side")
);
