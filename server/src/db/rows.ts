/** Rows of a raw `db.execute`: both drivers answer `{ rows }`, but the shared base type does not say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
