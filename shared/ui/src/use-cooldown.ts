import { useEffect, useState } from 'react';

/** A seconds countdown (a code's resend cooldown): `[left, start(seconds)]`. */
export function useCooldown(initial: number): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}
