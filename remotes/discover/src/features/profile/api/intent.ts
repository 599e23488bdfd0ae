import { publicPageIntent, type PublicPageIntent } from '@cove/contracts';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from '@cove/router';

/**
 * What a visitor chose on a creator's public page before signing in (`?intent=subscribe`, kept through
 * the sign-in link): done once the profile is there, and dropped from the address so a reload does
 * not do it again. The creator's own page does nothing.
 */
export function useIntent(own: boolean, run: Record<PublicPageIntent, () => void>) {
  const [params, setParams] = useSearchParams();
  const parsed = publicPageIntent.safeParse(params.get('intent'));
  const intent = parsed.success ? parsed.data : null;
  const act = useEffectEvent((chosen: PublicPageIntent) => run[chosen]());
  const done = useRef(false);
  useEffect(() => {
    if (!intent || done.current) return;
    done.current = true;
    setParams(
      (p) => {
        p.delete('intent');
        p.delete('months');
        return p;
      },
      { replace: true },
    );
    if (!own) act(intent);
  }, [intent, own, setParams]);
}
