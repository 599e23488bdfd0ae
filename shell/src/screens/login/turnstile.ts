/** Cloudflare Turnstile's browser API, the part the sign-in form uses (explicit rendering). */
export interface TurnstileApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback'?: () => void;
      'error-callback'?: () => void;
      'timeout-callback'?: () => void;
      size?: 'normal' | 'flexible' | 'compact';
      theme?: 'auto' | 'light' | 'dark';
    },
  ): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

export const turnstileScript = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

let loading: Promise<TurnstileApi> | null = null;

/**
 * Turnstile's script, added once per page; every widget waits on the same load, and once it ran
 * `window.turnstile` is the answer. A failed load removes its tag so the next mount tries again.
 */
export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = turnstileScript;
    script.async = true;
    script.addEventListener('load', () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not start')),
    );
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('Turnstile did not load'));
    });
    document.head.appendChild(script);
  }).finally(() => {
    loading = null;
  });
  return loading;
}
