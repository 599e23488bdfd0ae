import { vaultPage, type ApiClient, type VaultItem } from '@cove/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { usePagedList, type PagedList } from './paged-list';

/** The spec's page size for the vault. */
const pageSize = 20;

/**
 * The creator's vault (`GET /v1/media`), page by page. `enabled` false asks nothing, so a picker's list
 * is read only while the picker is open.
 */
export function useVaultList(api: ApiClient, queryKey: QueryKey, enabled = true): PagedList<VaultItem> {
  return usePagedList<VaultItem>({
    queryKey,
    fetchPage: (url, signal) =>
      api.get(url ?? '/v1/media', { query: url ? {} : { limit: pageSize }, schema: vaultPage, signal }),
    itemKey: (item) => item._id,
    enabled,
  });
}
