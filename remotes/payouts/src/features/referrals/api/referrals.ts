import { referralsPage, type Referral } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { nextPageOf, offsetPages, usePagedList } from '@cove/runtime/query';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

const referralsKey = ['referrals'];

/**
 * `GET /v1/users/referrals`, 20 at a time: the referred creators as a paged list, and the creator's own
 * code, link, terms and total from the first page (both read the one cached query).
 */
export function useReferrals() {
  const { api } = useHost();
  const fetchPage = offsetPages(api, '/v1/users/referrals', referralsPage);
  const list = usePagedList<Referral>({ queryKey: referralsKey, fetchPage, itemKey: (r) => r._id });
  const terms = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: referralsKey,
      queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: nextPageOf,
      select: (data) => data.pages[0],
    }),
  );
  return { list, terms: terms.data };
}
