/**
 * Where focus goes when a popup, dialog or sheet closes: back to what opened it while that is still
 * on the page, else to the main content (a popup the server opened, or an opener that went with the
 * popup), never to the top of the document.
 */
export function returnFocus(opener: HTMLElement | null): void {
  if (opener?.isConnected) return opener.focus();
  const main = document.getElementById('main') ?? document.querySelector('main');
  main?.focus({ preventScroll: true });
}

/** What has focus now, as a popup's opener: nothing when no element has it. */
export function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}
