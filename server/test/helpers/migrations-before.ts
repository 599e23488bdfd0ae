import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '../../src/paths';

/**
 * A migrations folder as it was before `tag`: every migration up to it, not it. A database made from
 * it holds the tables a data move meets on an existing install; migrating it further runs the move.
 */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cove-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === tag),
  );
  for (const e of entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}
