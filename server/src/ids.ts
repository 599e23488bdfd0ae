/**
 * A canonical UUID, the only form a uuid column accepts. Anything else names no row: callers answer
 * 404 (or 400) before the query, which PostgreSQL would fail with a 500.
 */
export const isUuid = (s: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/**
 * The nil UUID, which no account has: a visitor who is not signed in, wherever a viewer's id is asked
 * (the public page's rights and media URLs), so they get exactly what the rules give everyone.
 */
export const NOBODY = '00000000-0000-0000-0000-000000000000';
