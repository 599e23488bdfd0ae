import { backTargetState, type BackTargetState, type CreditPackage } from '@cove/contracts';
import { requestState } from '@cove/runtime';
import { ButtonLink, EmptyState, kit, RequestView, Section } from '@cove/ui';
import { useLocation } from '@cove/router';
import { useSavedCards } from '../../common/saved-cards';
import { useCreditPackages } from './api/credit-packages';
import { Checkout } from './components/Checkout';
import { backLink } from './model/back-link';
import { contextNote } from './model/context-note';
import styles from './GetCredits.module.css';

/**
 * `/account/get-credits`: choose a credit package and pay by card (saved or new) or crypto. A visit that
 * came with a back-target (the not-enough-credits or Unlock Free Chat popup) offers the way back and
 * carries what the fan was doing into the payment, so a successful payment finishes it.
 */
export function GetCredits() {
  const back = backTargetState.safeParse(useLocation().state);
  const target: BackTargetState | null = back.success ? back.data : null;
  const offer = useCreditPackages();
  const cards = useSavedCards();
  const note = contextNote(target?.purchase);
  const way = backLink(target);

  return (
    <Section
      title="Get credits"
      className={styles.page}
      actions={
        way && (
          <ButtonLink to={way.to} variant="secondary">
            {way.label}
          </ButtonLink>
        )
      }
    >
      {note && <p className={kit.notice}>{note}</p>}
      <RequestView state={requestState(offer)} retry={() => void offer.refetch()}>
        {(data) =>
          data.data.length === 0 ? (
            <EmptyState icon="🪙" title="No credit packages right now">
              Please come back later. Your current balance is safe.
            </EmptyState>
          ) : (
            <Checkout
              offer={data}
              savedCards={cards.data?.data ?? []}
              target={target}
              defaultAmount={defaultPackage(data.data).amount}
            />
          )
        }
      </RequestView>
    </Section>
  );
}

const defaultPackage = (packages: CreditPackage[]) =>
  (packages.find((p) => p.popular) ?? packages[0]) as CreditPackage;
