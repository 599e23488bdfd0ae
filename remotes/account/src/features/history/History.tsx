import { ButtonLink, EmptyState, kit, PagedView, RowList } from '@cove/ui';
import { useId, useMemo } from 'react';
import { useSearchParams } from '@cove/router';
import { useHistory } from './api/get-history';
import { ExportCsv } from './components/ExportCsv';
import { HistoryFilters } from './components/HistoryFilters';
import { HistoryItem } from './components/HistoryItem';
import { filterParams, type HistoryFilter, readFilter } from './model/history-filter';
import styles from './History.module.css';

/**
 * `/account/history`: every movement of the fan's money, newest first, read from the ledger with the
 * balance after each; filtered by kind and days (kept in the address), each with its receipt.
 */
export function History() {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filter = useMemo(() => readFilter(new URLSearchParams(search)), [search]);
  const list = useHistory(filter);
  const filtered = filter.show !== 'all' || filter.from !== '' || filter.to !== '';
  const change = (next: HistoryFilter) => setParams(filterParams(next), { replace: true });

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <div className={`${kit.bar} ${styles.head}`}>
        <h2 id={headingId} className={styles.title}>
          Spending history
        </h2>
        <ExportCsv key={search} filter={filter} />
      </div>
      <HistoryFilters filter={filter} onChange={change} />
      <PagedView
        list={list}
        empty={
          filtered ? (
            <EmptyState icon="🔎" title="Nothing matches these filters">
              Choose another kind or other dates.
            </EmptyState>
          ) : (
            <EmptyState
              icon="🧾"
              title="No spending yet"
              actions={<ButtonLink to="/account/get-credits">Get credits</ButtonLink>}
            >
              Credit purchases, unlocks, tips, subscriptions and refunds are listed here, each with its
              receipt.
            </EmptyState>
          )
        }
      >
        {(items) => (
          <RowList label="Spending history">
            {items.map((row) => (
              <HistoryItem key={row._id} row={row} />
            ))}
          </RowList>
        )}
      </PagedView>
    </section>
  );
}
