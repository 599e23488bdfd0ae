import { type AuditEntry, auditResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { usePagedList } from '@cove/runtime/query';

export const auditKey = ['staff', 'audit'];

/** `GET /v1/admin/audit?target=&before=`: the audit log, newest first, a page at a time. */
export function useAudit(target?: string) {
  const { api } = useHost();
  return usePagedList<AuditEntry>({
    queryKey: [...auditKey, target ?? 'all'],
    fetchPage: async (before, signal) => {
      const page = await api.get('/v1/admin/audit', {
        query: { ...(target ? { target } : {}), ...(before ? { before } : {}) },
        schema: auditResponse,
        signal,
      });
      return { data: page.entries, next: page.next_before };
    },
    itemKey: (e) => e.id,
  });
}
