import { config, type ZodMiniType } from 'zod/mini';

/**
 * zod/mini ships no message texts (an issue reads "Invalid input"). The English ones come in their own
 * chunk on the first mismatch, which is rare, instead of with every first visit.
 */
async function loadEnglishTexts(): Promise<void> {
  const { en } = await import('zod/locales');
  config(en());
}

/** The first few places an answer departs from its schema, e.g. `data.0.next: Invalid input: expected string, received number`. */
export async function describeMismatch(schema: ZodMiniType, data: unknown): Promise<string> {
  await loadEnglishTexts();
  const issues = schema.safeParse(data).error?.issues ?? [];
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(answer)'}: ${i.message}`)
    .join('; ');
}
