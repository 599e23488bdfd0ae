import { tagsResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation } from '@tanstack/react-query';

/** `POST /v1/users/tags`: adds one tag and answers the whole list; the session is read again after. */
export function useAddTag(onAdded: (answer: { tags: string[] }) => void) {
  const { api, account } = useHost();
  return useMutation({
    mutationFn: (value: string) => api.post('/v1/users/tags', { tag: value }, { schema: tagsResponse }),
    onSuccess: (answer) => {
      onAdded(answer);
      void account.reload().catch(() => undefined);
    },
  });
}
