import type { DiscoverProfile } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { EmptyState, LoadMore, Page, RequestView, SignInGate, Tabs } from '@cove/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useCreators } from './creators-query';
import {
  discoverTabs,
  genderLabels,
  loadGenders,
  saveGenders,
  type DiscoverFilters,
  type DiscoverTab,
  type Gender,
} from './discover-filters';
import styles from './Discover.module.css';
import { recentlyOnline } from './recently-online';

function Card({ profile }: { profile: DiscoverProfile }) {
  const name = profile.username ?? 'Creator';
  return (
    <li>
      <Link to={`/creators/${encodeURIComponent(profile._id)}`} className={styles.card}>
        {profile.avatar_url ? (
          <img className={styles.photo} src={profile.avatar_url} alt="" loading="lazy" />
        ) : (
          <span className={styles.photo} aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className={styles.caption}>
          {recentlyOnline(profile.last_online) && (
            <span className={styles.online} aria-label="Recently online" />
          )}
          {name}
        </span>
      </Link>
    </li>
  );
}

function Results({ filters }: { filters: DiscoverFilters }) {
  const { api } = useHost();
  const creators = useCreators(api, filters);
  return (
    <RequestView state={creators.state} retry={creators.retry}>
      {(profiles) =>
        profiles.length === 0 ? (
          <EmptyState icon="🔎" title="No creators match">
            Try another filter or clear your search.
          </EmptyState>
        ) : (
          <>
            <ul className={styles.grid} aria-label="Creators">
              {profiles.map((p) => (
                <Card key={p._id} profile={p} />
              ))}
            </ul>
            <LoadMore list={creators} />
          </>
        )
      }
    </RequestView>
  );
}

const parseTab = (value: string | null): DiscoverTab =>
  discoverTabs.find((t) => t.id === value)?.id ?? 'featured';

/** `/discover`: creators to follow and chat with, filtered by tab, search and gender. */
export function DiscoverFeed() {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const query = params.get('q') ?? '';
  const [genders, setGenders] = useState(loadGenders);

  function toggle(g: Gender) {
    const next = { ...genders, [g]: !genders[g] };
    setGenders(next);
    saveGenders(next);
  }

  const tabs = discoverTabs.map((t) => ({
    to: t.id === 'featured' ? '/discover' : `/discover?tab=${t.id}`,
    label: t.label,
    current: t.id === tab,
  }));

  return (
    <Page title="Discover" subtitle="Find creators you'll love and start a conversation.">
      <Tabs label="Discover filters" items={tabs} />
      <div className={styles.toolbar}>
        <input
          className={styles.search}
          type="search"
          aria-label="Search creators"
          placeholder="Search by username"
          defaultValue={query}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            const next = new URLSearchParams(params);
            const q = e.currentTarget.value.trim();
            if (q) next.set('q', q);
            else next.delete('q');
            setParams(next);
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
        <Results filters={{ tab, query, genders }} />
      </SignInGate>
    </Page>
  );
}
