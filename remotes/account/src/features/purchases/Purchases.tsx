import { ButtonLink, EmptyState, PagedView, RowList } from '@cove/ui';
import { useId } from 'react';
import { usePurchases } from './api/purchases';
import { PurchaseRow } from './components/PurchaseRow';
import styles from './Purchases.module.css';

/** `/account/purchases`: the paid messages the fan bought, newest first, page by page. */
export function Purchases() {
  const headingId = useId();
  const list = usePurchases();

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Purchases
      </h2>
      <PagedView
        list={list}
        empty={
          <EmptyState
            icon="🧾"
            title="You haven't bought anything yet"
            actions={<ButtonLink to="/chats">Go to chats</ButtonLink>}
          >
            Paid messages you unlock in chats are listed here.
          </EmptyState>
        }
      >
        {(items) => (
          <RowList label="Purchases">
            {items.map((p) => (
              <PurchaseRow key={p.message_id} purchase={p} />
            ))}
          </RowList>
        )}
      </PagedView>
    </section>
  );
}
