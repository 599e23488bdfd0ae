import { type IdDocumentSide, idDocumentResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { auditKey } from './audit';

/**
 * `GET /v1/admin/applications/:id/documents/:side`: one ID photo, read only once staff ask to see it
 * (each read is a line in the audit log) and forgotten when it is hidden.
 */
export function useIdDocument(applicationId: string, side: IdDocumentSide, shown: boolean) {
  const { api } = useHost();
  const client = useQueryClient();
  return useQuery({
    queryKey: ['staff', 'id-document', applicationId, side],
    enabled: shown,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    queryFn: async ({ signal }) => {
      const photo = await api.get(
        `/v1/admin/applications/${encodeURIComponent(applicationId)}/documents/${side}`,
        { schema: idDocumentResponse, signal },
      );
      void client.invalidateQueries({ queryKey: auditKey });
      return photo;
    },
  });
}
