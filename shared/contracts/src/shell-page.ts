/**
 * The `<script type="application/json">` the server writes the registry into, in the shell page, so
 * the shell picks each remote's version without fetching `/mf/registry.json` first.
 */
export const registryElementId = 'cove-registry';
