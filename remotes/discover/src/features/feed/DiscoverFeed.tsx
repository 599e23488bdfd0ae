import { useSession } from '@cove/runtime';
import {
  Button,
  ButtonLink,
  EmptyState,
  LoadMore,
  Page,
  RequestView,
  SignInGate,
  Tabs,
  useAutoLoad,
} from '@cove/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { useSearchParams } from '@cove/router';
import { CreatorCard } from './components/CreatorCard';
import { SearchBox } from './components/SearchBox';
import { creatorsKey, useCreators } from './api/creators';
import {
  discoverTabs,
  genderLabels,
  loadGenders,
  saveGenders,
  type DiscoverFilters,
  type DiscoverTab,
  type Gender,
} from './model/discover-filters';
import styles from './Discover.module.css';

/** The cards a wide window shows before any scroll (one row of four; two rows of two on a phone). */
const firstScreenCards = 4;
/** Cards in a row on a phone. */
const phoneRowCards = 2;

/** What the empty list says, by what was asked. */
function emptyText(filters: DiscoverFilters): string {
  if (filters.query) return `Nobody matches “${filters.query}”. Try another name or clear your search.`;
  if (filters.tab === 'nearby') return 'Nobody is in a time zone near yours yet. Try Everyone.';
  return 'Try another tab or switch more genders on.';
}

/**
 * The creators found; `held` keeps them loading (their request runs) while what is above them is not
 * known. `suggestion` (the discover card) shows only over results that are browsed, not searched: on
 * a wide screen above the grid, on a phone after its first row, so the first creators show first.
 */
function Results({
  filters,
  held,
  suggestion,
}: {
  filters: DiscoverFilters;
  held: boolean;
  suggestion?: ReactNode;
}) {
  const creators = useCreators(filters);
  const sentinel = useAutoLoad(creators);
  return (
    <RequestView state={held ? { status: 'fetching' } : creators.state} retry={creators.retry}>
      {(profiles) =>
        profiles.length === 0 ? (
          <EmptyState icon="🔎" title="No creators match">
            {emptyText(filters)}
          </EmptyState>
        ) : (
          <>
            <ul className={styles.grid} aria-label="Creators">
              {profiles.map((p, i) => (
                <Fragment key={p._id}>
                  <CreatorCard profile={p} firstScreen={i < firstScreenCards} />
                  {i === Math.min(phoneRowCards, profiles.length) - 1 && suggestion && !filters.query && (
                    <li className={styles.suggestion}>{suggestion}</li>
                  )}
                </Fragment>
              ))}
            </ul>
            <div ref={sentinel} />
            <LoadMore list={creators} />
          </>
        )
      }
    </RequestView>
  );
}

const parseTab = (value: string | null): DiscoverTab =>
  discoverTabs.find((t) => t.id === value)?.id ?? 'featured';

/**
 * `/discover`: creators to follow and chat with, filtered by tab, search and gender. `above` is what
 * the app puts with the list (the discover cards); until `aboveSettled`, the list shows as loading, so
 * nothing moves the list once it shows.
 */
export function DiscoverFeed({ above, aboveSettled = true }: { above?: ReactNode; aboveSettled?: boolean }) {
  const { user } = useSession();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const query = params.get('q') ?? '';
  const [genders, setGenders] = useState(loadGenders);

  function toggle(g: Gender) {
    const next = { ...genders, [g]: !genders[g] };
    setGenders(next);
    saveGenders(next);
  }

  const tabs = discoverTabs.map((t) => {
    const next = new URLSearchParams(params);
    if (t.id === 'featured') next.delete('tab');
    else next.set('tab', t.id);
    const search = next.toString();
    return { to: search ? `/discover?${search}` : '/discover', label: t.label, current: t.id === tab };
  });

  return (
    <Page
      title="Discover"
      subtitle="Find creators you'll love and start a conversation."
      actions={
        user && (
          <div className={styles.actions}>
            {user.type === 'featured' && (
              <ButtonLink to={`/creators/${encodeURIComponent(user._id)}`} variant="secondary">
                My profile
              </ButtonLink>
            )}
            {/* The featured list is kept 10 minutes; this asks again now. */}
            <Button variant="ghost" onClick={() => void client.invalidateQueries({ queryKey: creatorsKey })}>
              Refresh
            </Button>
          </div>
        )
      }
    >
      <Tabs label="Discover filters" items={tabs} />
      <div className={styles.toolbar}>
        <SearchBox
          query={query}
          onSearch={(q) => {
            const next = new URLSearchParams(params);
            if (q) next.set('q', q);
            else next.delete('q');
            // Each pause in typing is not a page of its own: Back leaves the search.
            setParams(next, { replace: true });
          }}
        />
        <div className={styles.chips} role="group" aria-label="Show">
          {(Object.keys(genderLabels) as Gender[]).map((g) => (
            <button
              key={g}
              type="button"
              className={styles.chip}
              aria-pressed={genders[g]}
              onClick={() => toggle(g)}
            >
              {genderLabels[g]}
            </button>
          ))}
        </div>
      </div>
      <SignInGate
        icon="✨"
        title="Sign in to discover creators"
        reason="Follow creators, see who's online and chat one to one."
      >
        {tab === 'nearby' && (
          <p className={styles.hint}>Creators whose local time is within two hours of yours.</p>
        )}
        <Results
          filters={{ tab, query, genders, codeUsed: user?.code_used }}
          held={!aboveSettled}
          suggestion={above}
        />
      </SignInGate>
    </Page>
  );
}
