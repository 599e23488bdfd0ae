interface PgError {
  code?: string;
  constraint?: string;
}

/** The Postgres error behind a driver error; drizzle wraps the driver's error as `cause`. */
function pgError(err: unknown): PgError {
  const cause = (err as { cause?: unknown } | null)?.cause ?? err;
  return (cause ?? {}) as PgError;
}

export const isUniqueViolation = (err: unknown) => pgError(err).code === '23505';
/** A deadlock (40P01) or serialization failure (40001): the transaction lost a race and may run again. */
export const isTransientConflict = (err: unknown) => ['40P01', '40001'].includes(pgError(err).code ?? '');
/** A CHECK violation, of one named constraint when `constraint` is given. */
export const isCheckViolation = (err: unknown, constraint?: string) => {
  const e = pgError(err);
  return e.code === '23514' && (constraint === undefined || e.constraint === constraint);
};
