/** The Postgres error code behind a driver error; drizzle wraps the driver's error as `cause`. */
function pgCode(err: unknown): string | undefined {
  const cause = (err as { cause?: unknown } | null)?.cause ?? err;
  return (cause as { code?: string } | null)?.code;
}

export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';
export const isCheckViolation = (err: unknown) => pgCode(err) === '23514';
