import { ButtonLink, useDocumentTitle } from '@cove/ui';
import { useSearchParams } from 'react-router-dom';
import { ScreenCard, screenStyles } from './ScreenCard';

/** Money is shown as a tenth of the raw amount with 2 decimals and a dollar sign. */
const money = (raw: string) => (Number.isFinite(Number(raw)) ? `$${(Number(raw) / 10).toFixed(2)}` : null);

/**
 * The return from card 3-D Secure: `?3ds=success|error&paymentType&modelId&amount&chatId&messageId&feedId`.
 * It says how the payment ended and leads back to where it started.
 */
export function ThreeDsCallback() {
  useDocumentTitle('Payment');
  const [params] = useSearchParams();
  const ok = params.get('3ds') === 'success';
  const modelId = params.get('modelId');
  const amount = params.get('amount');
  const back =
    params.get('chatId') && modelId ? `/chats/${encodeURIComponent(modelId)}` : '/account/get-credits';
  const backLabel = back.startsWith('/chats/') ? 'Back to the chat' : 'Back to credits';
  const shownAmount = amount ? money(amount) : null;

  return (
    <ScreenCard
      badge={ok ? '✅' : '⚠️'}
      tone={ok ? 'normal' : 'danger'}
      title={ok ? 'Payment complete' : 'Payment not completed'}
    >
      <p>
        {ok
          ? 'Your card was confirmed and the payment went through.'
          : 'Your card could not be confirmed, so the payment did not go through. You can try again.'}
      </p>
      {shownAmount && (
        <dl className={screenStyles.details}>
          <dt>Amount</dt>
          <dd>{shownAmount}</dd>
          {params.get('paymentType') && (
            <>
              <dt>For</dt>
              <dd>{params.get('paymentType')}</dd>
            </>
          )}
        </dl>
      )}
      <div className={screenStyles.actions}>
        <ButtonLink to={back}>{backLabel}</ButtonLink>
        {!ok && (
          <ButtonLink to="/account/get-credits" variant="secondary">
            Try again
          </ButtonLink>
        )}
      </div>
    </ScreenCard>
  );
}
