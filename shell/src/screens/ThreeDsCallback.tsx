import {
  contextOfPayment,
  formatCredits,
  paymentActionText,
  paymentEnvelope,
  PAYMENT_RETURN_AFTER_MS,
  paymentReturn,
  type BackTargetState,
  type Payment,
  type PaymentContext,
  type PaymentReturn,
} from '@cove/contracts';
import { errorMessage, formatMoney, isAborted, isApiError, useStore } from '@cove/runtime';
import { Button, ButtonLink, Spinner, useDocumentTitle } from '@cove/ui';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@cove/router';
import { useShell } from '../services/shell-context';
import { ScreenCard, screenStyles } from './ScreenCard';

/** How often the screen asks again while the payment or what it pays for is still open. */
const pollEveryMs = 1000;
/** How long it keeps asking before it says the payment is still processing. */
const giveUpAfterMs = 30_000;

type Outcome =
  | { phase: 'checking'; payment: Payment | null }
  | { phase: 'settled'; payment: Payment }
  | { phase: 'still-processing'; payment: Payment | null }
  | { phase: 'not-found' }
  | { phase: 'sign-in' }
  | { phase: 'error'; message: string };

/** Still moving: the provider's answer has not landed, or the unlock or tip it pays for is not done yet. */
const isOpen = (p: Payment) =>
  p.status === 'pending' || (p.status === 'succeeded' && p.action_status === 'pending');

/**
 * Asks the server how payment `id` ended, again on each `payment_updated` for it and every second while
 * it is open, for at most 30 s. The URL's `3ds=` is never taken for the answer.
 */
function usePaymentOutcome(id: string | null, signedIn: boolean) {
  const { host } = useShell();
  const [outcome, setOutcome] = useState<Outcome>(() =>
    id ? { phase: 'checking', payment: null } : { phase: 'not-found' },
  );
  const [round, setRound] = useState(0);
  const retry = useCallback(() => {
    setOutcome({ phase: 'checking', payment: null });
    setRound((r) => r + 1);
  }, []);

  useEffect(() => {
    if (!id || !signedIn) return;
    const controller = new AbortController();
    const deadline = Date.now() + giveUpAfterMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    let again = false;
    let done = false;
    let last: Payment | null = null;

    const schedule = () => {
      clearTimeout(timer);
      const left = deadline - Date.now();
      if (left <= 0) setOutcome({ phase: 'still-processing', payment: last });
      else timer = setTimeout(() => void check(), Math.min(pollEveryMs, left));
    };

    async function check(): Promise<void> {
      if (done) return;
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      try {
        const { data } = await host.api.get(`/v1/payment/${encodeURIComponent(id as string)}`, {
          schema: paymentEnvelope,
          signal: controller.signal,
        });
        last = data;
        if (isOpen(data)) {
          setOutcome((o) =>
            o.phase === 'still-processing' ? { ...o, payment: data } : { phase: 'checking', payment: data },
          );
        } else {
          done = true;
          clearTimeout(timer);
          setOutcome({ phase: 'settled', payment: data });
        }
      } catch (err) {
        if (isAborted(err)) return;
        done = true;
        clearTimeout(timer);
        if (isApiError(err) && err.status === 404) setOutcome({ phase: 'not-found' });
        else if (isApiError(err) && err.status === 401) setOutcome({ phase: 'sign-in' });
        else setOutcome({ phase: 'error', message: errorMessage(err) });
        return;
      } finally {
        inFlight = false;
      }
      if (done) return;
      if (again) {
        again = false;
        return check();
      }
      schedule();
    }

    // The provider's webhook may land after the redirect: its event is the first sign, the poll the fallback.
    const updates = host.bus.on('payment_updated').subscribe((event) => {
      if (event.payment_id !== id || done) return;
      clearTimeout(timer);
      void check();
    });
    void check();
    return () => {
      done = true;
      controller.abort();
      clearTimeout(timer);
      updates.unsubscribe();
    };
  }, [host, id, signedIn, round]);

  return { outcome, retry };
}

/** What the fan was doing: the payment's own context, else the return URL's (the server's copy wins). */
function contextOf(payment: Payment | null, params: URLSearchParams): PaymentContext {
  if (payment) return contextOfPayment(payment);
  const context: PaymentContext = {};
  const modelId = params.get('modelId');
  if (modelId) context.model_id = modelId;
  const chatId = params.get('chatId');
  if (chatId) context.chat_id = chatId;
  const feedId = params.get('feedId');
  if (feedId) context.feed_id = feedId;
  return context;
}

/** Where the fan started, when it was somewhere other than the credits page (which this page links anyway). */
function startedAt(payment: Payment | null, params: URLSearchParams): PaymentReturn | null {
  const context = contextOf(payment, params);
  return context.model_id ? paymentReturn(context) : null;
}

/** "Try again": the credits page, carrying what the fan was buying and the package and card they chose. */
function retryState(payment: Payment): BackTargetState {
  const purchase = contextOfPayment(payment);
  return {
    backTo: paymentReturn(purchase).to,
    purchase,
    retry: { amount: payment.amount, card_id: payment.card_id },
  };
}

function Details({ payment }: { payment: Payment }) {
  return (
    <dl className={screenStyles.details}>
      <dt>Amount</dt>
      <dd>{formatMoney(payment.amount)}</dd>
      {payment.status === 'succeeded' && (
        <>
          <dt>Credits added</dt>
          <dd>
            {formatCredits(payment.credits)}
            {payment.bonus > 0 ? `, ${payment.bonus} of them bonus` : ''}
          </dd>
        </>
      )}
    </dl>
  );
}

function Succeeded({ payment, params }: { payment: Payment; params: URLSearchParams }) {
  const { host } = useShell();
  const navigate = useNavigate();
  const started = startedAt(payment, params);
  const back = started ?? paymentReturn(undefined);
  const action = paymentActionText(payment);

  // The header's credits follow the new balance, and where the fan started is where they go next.
  useEffect(() => {
    host.account.reload().catch((err: unknown) => console.warn('The user did not reload', err));
  }, [host]);
  const goesBack = started !== null;
  useEffect(() => {
    if (!goesBack) return;
    const timer = setTimeout(() => void navigate(back.to, { replace: true }), PAYMENT_RETURN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [goesBack, back.to, navigate]);

  return (
    <ScreenCard badge="✅" title="Payment complete">
      <p role="status">
        The payment went through.
        {action && !action.failed ? ` ${action.text}` : ''}
        {goesBack ? ' Taking you back…' : ''}
      </p>
      {action?.failed && (
        <p role="alert" className={screenStyles.error}>
          {action.text}
        </p>
      )}
      <Details payment={payment} />
      <div className={screenStyles.actions}>
        <ButtonLink to={back.to}>{back.label}</ButtonLink>
      </div>
    </ScreenCard>
  );
}

function NotCompleted({ payment }: { payment: Payment }) {
  const reversed = payment.status === 'refunded' || payment.status === 'charged_back';
  const started = startedAt(payment, new URLSearchParams());
  const reason = reversed
    ? `This payment was ${payment.status === 'refunded' ? 'refunded' : 'charged back'}, so its credits were taken back.`
    : (payment.failure ?? 'The payment did not go through.');
  return (
    <ScreenCard badge="⚠️" tone="danger" title={reversed ? 'Payment reversed' : 'Payment not completed'}>
      <p role="alert">{reason}</p>
      <Details payment={payment} />
      <div className={screenStyles.actions}>
        {!reversed && (
          <ButtonLink to="/account/get-credits" state={retryState(payment)}>
            Try again
          </ButtonLink>
        )}
        {started && (
          <ButtonLink to={started.to} variant="secondary">
            {started.label}
          </ButtonLink>
        )}
      </div>
    </ScreenCard>
  );
}

/**
 * The return from card 3-D Secure: `?3ds=success|error&paymentType&modelId&amount&chatId&messageId&feedId
 * &paymentId`. Only the server says how the payment ended: the screen asks it by `paymentId`, waits while
 * the payment (or the unlock or tip it pays for) is open, and leads back to where the fan was.
 */
export function ThreeDsCallback() {
  useDocumentTitle('Payment');
  const { host } = useShell();
  const session = useStore(host.session);
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const id = params.get('paymentId');
  const { outcome, retry } = usePaymentOutcome(id, session.status === 'signed-in');
  const creditsLink = <ButtonLink to="/account/get-credits">Back to credits</ButtonLink>;

  if (session.status === 'signed-out' || outcome.phase === 'sign-in') {
    return (
      <ScreenCard badge="🔒" title="Sign in to see your payment">
        <p>Your payment is tied to your account. Sign in and we will show you how it went.</p>
        <div className={screenStyles.actions}>
          <ButtonLink to={`/login?next=${encodeURIComponent(pathname + search)}`}>Sign in</ButtonLink>
        </div>
      </ScreenCard>
    );
  }
  if (outcome.phase === 'not-found') {
    return (
      <ScreenCard badge="🔎" tone="danger" title="Payment not found">
        <p role="alert">
          We could not find this payment. If you were charged, the credits will show in your balance.
        </p>
        <div className={screenStyles.actions}>{creditsLink}</div>
      </ScreenCard>
    );
  }
  if (outcome.phase === 'error') {
    return (
      <ScreenCard badge="⚠️" tone="danger" title="We could not check your payment">
        <p role="alert">{outcome.message}</p>
        <div className={screenStyles.actions}>
          <Button onClick={retry}>Check again</Button>
          {creditsLink}
        </div>
      </ScreenCard>
    );
  }
  if (outcome.phase === 'still-processing') {
    const started = startedAt(outcome.payment, params);
    return (
      <ScreenCard badge="⏳" title="Still processing">
        <p role="status">
          Your payment is still being processed. Your credits will appear when it completes.
        </p>
        <div className={screenStyles.actions}>
          {started ? <ButtonLink to={started.to}>{started.label}</ButtonLink> : creditsLink}
        </div>
      </ScreenCard>
    );
  }
  if (outcome.phase === 'settled') {
    return outcome.payment.status === 'succeeded' ? (
      <Succeeded payment={outcome.payment} params={params} />
    ) : (
      <NotCompleted payment={outcome.payment} />
    );
  }
  return (
    <ScreenCard badge="💳" title="Payment">
      <p role="status" className={screenStyles.progress}>
        <Spinner size={20} /> Confirming your payment…
      </p>
    </ScreenCard>
  );
}
