import * as z from 'zod/mini';

type EnumLike = z.core.util.EnumLike;

/** An enum of `schema`'s values but `values` (zod/mini has no `.exclude`); a value it lacks is a bug. */
export function enumWithout<T extends EnumLike, const K extends readonly (keyof T & string)[]>(
  schema: z.ZodMiniEnum<T>,
  values: K,
): z.ZodMiniEnum<z.core.util.Flatten<Omit<T, K[number]>>> {
  const entries: EnumLike = schema.def.entries;
  for (const value of values) if (!(value in entries)) throw new Error(`Key ${value} not found in enum`);
  const dropped = new Set<string>(values);
  const kept = Object.fromEntries(Object.entries(entries).filter(([key]) => !dropped.has(key)));
  return z.enum(kept as z.core.util.Flatten<Omit<T, K[number]>>);
}
