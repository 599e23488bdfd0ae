/**
 * The `<script type="application/json">` the server writes the registry into, in the shell page, so
 * the shell picks each remote's version without fetching `/mf/registry.json` first.
 */
export const registryElementId = 'cove-registry';

/**
 * The element a page drawn by the server (a creator's public page) is written into, before the app's
 * root, which stays hidden while it is there; the app removes it once its own screen shows.
 */
export const firstScreenElementId = 'cove-first-screen';
