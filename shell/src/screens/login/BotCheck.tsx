import type { ProviderConfig } from '@cove/contracts';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import styles from './BotCheck.module.css';
import { loadTurnstile, type TurnstileApi } from './turnstile';

export type BotCheckSettings = ProviderConfig['bot_check'];

/** The answer the server's `fake` check accepts. */
export const fakeHumanToken = 'human';

export interface BotCheckHandle {
  /** A token is spent by one sign-in request: forget it and ask again. */
  reset(): void;
}

interface Props {
  settings: BotCheckSettings;
  /** The token to send with the next request, or null when there is none (yet, or any more). */
  onToken: (token: string | null) => void;
  ref?: Ref<BotCheckHandle>;
}

/** Turnstile's widget needs 300 px for its flexible size; a narrower form gets the compact one. */
const flexibleMinWidth = 300;

/**
 * Sign-in's bot check, chosen by the server's `bot_check.mode`: nothing when it is off, Cloudflare
 * Turnstile, or (for tests) a plain checkbox whose tick is the answer the fake check accepts.
 */
export function BotCheck({ settings, onToken, ref }: Props) {
  // The latest callback, so a parent's new function never re-creates the widget.
  const report = useRef(onToken);
  useEffect(() => {
    report.current = onToken;
  });
  if (settings.mode === 'fake') return <FakeCheck report={report} handle={ref} />;
  if (settings.mode === 'turnstile') {
    return <TurnstileCheck siteKey={settings.site_key} report={report} handle={ref} />;
  }
  return null;
}

type Report = { readonly current: (token: string | null) => void };

function FakeCheck({ report, handle }: { report: Report; handle?: Ref<BotCheckHandle> }) {
  const [checked, setChecked] = useState(false);
  useImperativeHandle(
    handle,
    () => ({
      reset() {
        setChecked(false);
        report.current(null);
      },
    }),
    [report],
  );
  useEffect(() => () => report.current(null), [report]);
  return (
    <label className={styles.fake}>
      <input
        type="checkbox"
        className={styles.box}
        checked={checked}
        onChange={(e) => {
          setChecked(e.target.checked);
          report.current(e.target.checked ? fakeHumanToken : null);
        }}
      />
      I'm not a robot
    </label>
  );
}

function TurnstileCheck({
  siteKey,
  report,
  handle,
}: {
  siteKey: string | null;
  report: Report;
  handle?: Ref<BotCheckHandle>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: TurnstileApi; id: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!siteKey) return;
    let live = true;
    const clear = () => report.current(null);
    const mount = (api: TurnstileApi) => {
      const container = box.current;
      if (!live || !container) return;
      const id = api.render(container, {
        sitekey: siteKey,
        size: container.clientWidth >= flexibleMinWidth ? 'flexible' : 'compact',
        callback: (token) => report.current(token),
        'expired-callback': clear,
        'error-callback': clear,
        'timeout-callback': clear,
      });
      if (id) widget.current = { api, id };
      else setFailed(true);
    };
    // Already on the page (another form, an earlier visit to /login): render at once.
    if (window.turnstile) mount(window.turnstile);
    else loadTurnstile().then(mount, () => live && setFailed(true));
    return () => {
      live = false;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
      clear();
    };
  }, [siteKey, report]);

  useImperativeHandle(
    handle,
    () => ({
      reset() {
        if (widget.current) widget.current.api.reset(widget.current.id);
        report.current(null);
      },
    }),
    [report],
  );

  return (
    <div role="group" aria-label="Human check" className={styles.turnstile}>
      <div ref={box} />
      {(failed || !siteKey) && (
        <p className={styles.failed} role="alert">
          The human check could not load. Check your connection and reload the page.
        </p>
      )}
    </div>
  );
}
