import { vaultDeleteResponse, type VaultItem } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { updatePagedItems } from '@cove/runtime/query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { vaultKey } from '../../../common/vault';

/** `DELETE /v1/media`: the items leave the vault at once, and the vault is read again after. */
export function useDeleteVaultItems() {
  const { api } = useHost();
  const client = useQueryClient();
  return useCallback(
    async (ids: string[]) => {
      await api.delete('/v1/media', { body: { ids }, schema: vaultDeleteResponse });
      updatePagedItems<VaultItem>(client, vaultKey, (items) => items.filter((i) => !ids.includes(i._id)));
      void client.invalidateQueries({ queryKey: vaultKey });
    },
    [api, client],
  );
}
