import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../db/schema';
import { type EventDeps, withEvents } from '../realtime/with-events';
import { whenChanged } from '../shell-page/changed-file';

/** How often the release audit log is looked at: one `stat`, so a change reaches the page within a second. */
const WATCH_MS = 1_000;

/** Tells every release manager's open pages that the registry moved: the release page reads again. */
async function announceReleaseChange(deps: EventDeps): Promise<void> {
  await withEvents(deps, async (tx, emit) => {
    const managers = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isReleaseManager, true), isNull(users.bannedAt)));
    for (const m of managers) emit(m.id, { type: 'releases_updated' });
  });
}

/**
 * Watches the release audit log, which every change to the registry appends to, whoever made it: the
 * release page, the release CLI in another process, or an automatic rollback. Each change is announced
 * once (`announceReleaseChange`). Returns the function that stops watching.
 */
export function watchReleases(
  deps: EventDeps,
  auditFile: string,
  onError: (err: unknown) => void,
  everyMs = WATCH_MS,
): () => void {
  // The loaded value is a fresh object per change of the file, so a new identity means a new change.
  const current = whenChanged(auditFile, async () => ({}));
  let seen: object | null = null;
  let running = false;
  const look = async () => {
    const now = await current();
    if (seen !== null && now !== seen) await announceReleaseChange(deps);
    seen = now;
  };
  const tick = () => {
    if (running) return;
    running = true;
    look()
      .catch(onError)
      .finally(() => (running = false));
  };
  // The first look only learns the file as it is now; changes from then on are announced.
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
