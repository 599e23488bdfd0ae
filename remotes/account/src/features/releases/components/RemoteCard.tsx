import type { ReleaseRemote } from '@cove/contracts';
import { formatDateTime } from '@cove/runtime';
import { Button } from '@cove/ui';
import { useId } from 'react';
import { healthText, type ReleasePlan } from '../model/release-plan';
import layout from '../../../common/Console.module.css';
import styles from '../Releases.module.css';

/** One remote: what runs, how it fares, the stored builds, and the actions a release manager can take. */
export function RemoteCard({
  remote: r,
  onPlan,
}: {
  remote: ReleaseRemote;
  onPlan(plan: ReleasePlan): void;
}) {
  const headingId = useId();
  const newer = r.stored.filter((v) => v.newer);
  const older = r.stored.filter((v) => !v.newer);
  const healthOf = (version: string | null | undefined) => r.health.find((h) => h.version === version);
  const stableHealth = healthOf(r.current);
  const canaryHealth = healthOf(r.canary?.version);
  return (
    <article className={layout.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.remote}>
        {r.remote}
      </h3>
      <dl className={layout.facts}>
        <dt>Current</dt>
        <dd className={styles.version}>{r.current ?? 'Not released'}</dd>
        <dt>Previous</dt>
        <dd className={styles.version}>{r.previous ?? 'None stored'}</dd>
        <dt>Canary</dt>
        <dd>
          {r.canary ? (
            <>
              <span className={styles.version}>{r.canary.version}</span> for {r.canary.percent}% of browsers,
              since {formatDateTime(r.canary.startedAt)}
            </>
          ) : (
            'None running'
          )}
        </dd>
        <dt>Errors</dt>
        <dd>
          {stableHealth ? `Current: ${healthText(stableHealth)}` : 'No reports yet'}
          {canaryHealth && (
            <>
              <br />
              Canary: {healthText(canaryHealth)}
            </>
          )}
        </dd>
      </dl>
      <div className={layout.actions}>
        {r.canary && <Button onClick={() => onPlan({ kind: 'promote' })}>Promote canary</Button>}
        {(r.canary ?? r.previous) && (
          <Button variant="danger" onClick={() => onPlan({ kind: 'rollback' })}>
            {r.canary ? 'End canary' : 'Roll back to previous'}
          </Button>
        )}
      </div>
      {r.stored.length > 0 && (
        <>
          <h4 className={styles.subhead}>Stored builds</h4>
          <ul className={styles.builds} aria-label={`Stored builds of ${r.remote}`}>
            {[...newer].reverse().map((v) => (
              <li key={v.version} className={styles.build}>
                <span className={styles.version}>{v.version}</span>
                <span className={styles.muted}>newer, stored {formatDateTime(v.publishedAt)}</span>
                <span className={layout.actions}>
                  <Button
                    variant="secondary"
                    disabled={Boolean(r.canary)}
                    onClick={() => onPlan({ kind: 'publish', version: v.version })}
                    aria-label={`Publish ${v.version}`}
                  >
                    Publish
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => onPlan({ kind: 'canary', version: v.version })}
                    aria-label={`Canary ${v.version}`}
                  >
                    Canary
                  </Button>
                </span>
              </li>
            ))}
            {[...older].reverse().map((v) => (
              <li key={v.version} className={styles.build}>
                <span className={styles.version}>{v.version}</span>
                <span className={styles.muted}>older, stored {formatDateTime(v.publishedAt)}</span>
                <span className={layout.actions}>
                  <Button
                    variant="secondary"
                    disabled={Boolean(r.canary)}
                    onClick={() => onPlan({ kind: 'rollback', to: v.version })}
                    aria-label={`Roll back to ${v.version}`}
                  >
                    Roll back
                  </Button>
                </span>
              </li>
            ))}
          </ul>
          {r.canary && (
            <p className={styles.muted}>Promote or end the canary before publishing or rolling back.</p>
          )}
        </>
      )}
    </article>
  );
}
