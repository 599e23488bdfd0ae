import { useHost } from '@cove/runtime';
import { useVaultList } from '@cove/runtime/query';

export const vaultKey = ['vault'];

/**
 * `GET /v1/media`: the creator's vault, page by page, one cached list for the vault page and the
 * auto-messages picker (what was uploaded in one shows in the other without asking again). `enabled`
 * false asks nothing, so the picker's list is read only while it is open.
 */
export function useVault(enabled = true) {
  const { api } = useHost();
  return useVaultList(api, vaultKey, enabled);
}
