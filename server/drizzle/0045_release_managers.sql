-- Release managers (docs/rules.md, Releases): who may publish, canary, promote and roll back remotes
-- from the browser. Granted only by the admin CLI (`grant-release-manager`); staff alone may not.
ALTER TABLE "users" ADD COLUMN "is_release_manager" boolean DEFAULT false NOT NULL;
