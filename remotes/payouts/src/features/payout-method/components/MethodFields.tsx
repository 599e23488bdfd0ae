import type { PayoutMethodKind } from '@cove/contracts';
import { useId } from 'react';
import { kit } from '@cove/ui';
import shared from '../../../common/Earnings.module.css';
import { currencyNames, type Currency, type DetailErrors, type MethodDetails } from '../model/method-details';

type TextName = Exclude<keyof MethodDetails, 'currency'>;

/** The fields `kind` needs, each with its error under it once the person has tried to go on. */
export function MethodFields({
  kind,
  details,
  errors,
  onChange,
}: {
  kind: PayoutMethodKind;
  details: MethodDetails;
  errors: DetailErrors;
  onChange(details: MethodDetails): void;
}) {
  const id = useId();
  const describe = (name: keyof MethodDetails, hint?: boolean) =>
    [errors[name] && `${id}-${name}-error`, hint && `${id}-${name}-hint`].filter(Boolean).join(' ') ||
    undefined;
  const error = (name: keyof MethodDetails) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className={kit.fieldError}>
        {errors[name]}
      </p>
    );
  const text = (
    name: TextName,
    label: string,
    extra: { autoComplete?: string; type?: string; hint?: string } = {},
  ) => (
    <div className={kit.field}>
      <label className={kit.label} htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className={kit.input}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete ?? 'off'}
        spellCheck={false}
        value={details[name]}
        onChange={(e) => onChange({ ...details, [name]: e.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describe(name, Boolean(extra.hint))}
      />
      {extra.hint && (
        <p id={`${id}-${name}-hint`} className={kit.hint}>
          {extra.hint}
        </p>
      )}
      {error(name)}
    </div>
  );

  if (kind === 'bank_transfer') {
    return (
      <div className={shared.fields}>
        {text('account_holder', 'Account holder', { autoComplete: 'name' })}
        {text('iban', 'IBAN', { hint: 'For example DE89 3704 0044 0532 0130 00.' })}
        {text('bic', 'BIC / SWIFT (optional)')}
      </div>
    );
  }
  if (kind === 'crypto_transfer') {
    return (
      <div className={shared.fields}>
        <div className={kit.field}>
          <label className={kit.label} htmlFor={`${id}-currency`}>
            Currency
          </label>
          <select
            id={`${id}-currency`}
            className={kit.input}
            value={details.currency}
            onChange={(e) => onChange({ ...details, currency: e.target.value as Currency })}
          >
            {Object.entries(currencyNames).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {text('address', 'Wallet address', { hint: 'Check it twice: a payout to a wrong address is lost.' })}
      </div>
    );
  }
  return (
    <div className={shared.fields}>
      {text('email', kind === 'paypal_transfer' ? 'PayPal email' : 'Paxum email', {
        type: 'email',
        autoComplete: 'email',
      })}
    </div>
  );
}
