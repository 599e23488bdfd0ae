/**
 * Text a person typed, made ready to send: trailing line breaks and spaces go (the spec's
 * trailing-newline rule: a Shift+Enter at the end adds nothing), the lines inside stay.
 */
export function trimMessage(text: string): string {
  return text.replace(/\s+$/u, '');
}
