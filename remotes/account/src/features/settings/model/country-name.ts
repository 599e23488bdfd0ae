const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** The country's English name, or null when the code names no country. */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  try {
    return names.of(code) ?? null;
  } catch {
    return null;
  }
}
