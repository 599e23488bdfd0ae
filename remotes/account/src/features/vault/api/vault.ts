import { useHost } from '@cove/runtime';
import { useVaultList } from '@cove/runtime/query';

export const vaultKey = ['vault'];

/** `GET /v1/media`: the creator's vault, page by page. */
export function useVault() {
  const { api } = useHost();
  return useVaultList(api, vaultKey);
}
