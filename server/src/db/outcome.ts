import type * as z from '../zod';
import { rowsOf } from './rows';

/**
 * The one answer of a database function called as `select f(...) as outcome`, read through the zod
 * description of everything it may answer: an answer outside it is a bug, never passed on.
 */
export function outcomeOf<T extends z.ZodMiniType>(result: unknown, outcome: T, name: string): z.infer<T> {
  const [row] = rowsOf<{ outcome: unknown }>(result);
  if (!row) throw new Error(`${name} answered nothing`);
  const parsed = outcome.safeParse(row.outcome);
  if (!parsed.success)
    throw new Error(`${name} answered what it never answers: ${JSON.stringify(row.outcome)}`);
  return parsed.data;
}
