const units = ['bytes', 'KB', 'MB', 'GB'] as const;

/** A file size for people: `820 bytes`, `1.4 MB`, `12 MB` (1024 per step, one decimal under 10). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} bytes`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
