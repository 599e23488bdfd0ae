-- Passkeys (WebAuthn) as a second factor beside the authenticator app (docs/rules.md, Second factor).
-- One row a credential: its id and COSE public key as base64url, the signature counter the
-- authenticator last reported (a lower one means a cloned key), a name the person chose.
CREATE TABLE "passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"credential_id" text NOT NULL UNIQUE,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id");--> statement-breakpoint
-- A challenge the server gave one session, to register a passkey or to assert with one; taken once
-- (deleted as it is checked) and worthless after `expires_at`.
CREATE TABLE "passkey_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"session_id" uuid NOT NULL REFERENCES "access_tokens"("id") ON DELETE cascade,
	"purpose" text NOT NULL CHECK ("purpose" IN ('register', 'assert')),
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- What a passkey assertion gives a signed-in session: a short-lived, single-use confirmation that
-- stands in for an authenticator code wherever one is asked (only its SHA-256 is kept).
CREATE TABLE "factor_confirmations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"session_id" uuid NOT NULL REFERENCES "access_tokens"("id") ON DELETE cascade,
	"expires_at" timestamp with time zone NOT NULL
);
