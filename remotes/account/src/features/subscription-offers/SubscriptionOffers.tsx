import { formatMoney, requestState } from '@cove/runtime';
import { ButtonLink, EmptyState, RequestView } from '@cove/ui';
import { useId } from 'react';
import { useOffers } from './api/offers';
import { BundlesSection } from './components/BundlesSection';
import { PromotionsSection } from './components/PromotionsSection';
import { TrialLinksSection } from './components/TrialLinksSection';
import styles from './SubscriptionOffers.module.css';

/**
 * `/account/subscription-offers`: a creator's bundles, promotions and free-trial links (docs/rules.md,
 * Subscription offers), each priced from the monthly price set in Edit profile. Live: a fan redeeming a
 * link or taking a promotion reads the counts again.
 */
export function SubscriptionOffers() {
  const offers = useOffers();
  const headingId = useId();
  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Subscription offers
      </h2>
      <RequestView state={requestState(offers)} retry={() => void offers.refetch()}>
        {(o) =>
          o.subscription_price === 0 ? (
            <EmptyState icon="⭐" title="Set a monthly price first">
              Offers discount your monthly subscription price.{' '}
              <ButtonLink to="/account/edit-profile" variant="secondary">
                Edit profile
              </ButtonLink>
            </EmptyState>
          ) : (
            <>
              <p className={styles.monthly}>Monthly price: {formatMoney(o.subscription_price)}</p>
              <BundlesSection bundles={o.bundles} monthly={o.subscription_price} />
              <PromotionsSection promotions={o.promotions} monthly={o.subscription_price} />
              <TrialLinksSection links={o.trial_links} monthly={o.subscription_price} />
            </>
          )
        }
      </RequestView>
    </section>
  );
}
