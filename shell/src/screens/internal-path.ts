/** A path inside this site (`/chats/1?x`), never another origin (`//evil`, `https:`). */
export function internalPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}
