import { firstScreenElementId } from '@cove/contracts';

/**
 * Removes the screen the server drew before the app (a creator's public page): the app's own shows
 * in its place at once. Called once that screen is ready, or when the area that would show it failed.
 */
export function releaseFirstScreen(doc: Document = document): void {
  doc.getElementById(firstScreenElementId)?.remove();
}
