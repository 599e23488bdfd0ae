import { followResponse, type Profile } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsKey } from '../../../common/post-lists';
import { profileKey } from '../../../common/get-profile';

/**
 * Follow and unfollow at once on the screen (the profile's follow state and count), put back as they
 * were when the server refuses. Following can unlock posts, so the feed is read again after.
 */
export function useFollow(creatorId: string) {
  const { api } = useHost();
  const client = useQueryClient();
  const key = profileKey(creatorId);
  const path = `/v1/users/${encodeURIComponent(creatorId)}/follow`;
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api.patch(path, undefined, { schema: followResponse })
        : api.delete(path, { schema: followResponse }),
    onMutate: async (follow) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Profile>(key);
      client.setQueryData<Profile>(key, (p) =>
        p
          ? {
              ...p,
              is_followee: follow,
              counts: { ...p.counts, followers: Math.max(0, p.counts.followers + (follow ? 1 : -1)) },
            }
          : p,
      );
      return { before };
    },
    onError: (_err, _follow, context) => client.setQueryData(key, context?.before),
    onSuccess: (answer) => {
      client.setQueryData<Profile>(key, (p) =>
        p
          ? { ...p, is_followee: answer.is_followee, counts: { ...p.counts, followers: answer.followers } }
          : p,
      );
      void client.invalidateQueries({ queryKey: postsKey(creatorId) });
    },
  });
}
