import { errorMessage, formatMoney } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { BoxForm } from '../../../common/BoxForm';
import shared from '../../../common/Earnings.module.css';
import { useSendAml } from '../api/send-aml';
import { checkAml, emptyAml, type AmlInput } from '../model/aml-fields';
import { countries } from '../model/countries';

/** The anti-money-laundering details a payout above the threshold waits for. */
export function AmlForm({ threshold }: { threshold: number }) {
  const id = useId();
  const [input, setInput] = useState<AmlInput>(emptyAml);
  const [tried, setTried] = useState(false);
  const countryList = useMemo(() => countries(), []);
  const errors = tried ? checkAml(input) : {};
  const send = useSendAml();

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (send.isPending || Object.keys(checkAml(input)).length > 0) return;
    send.mutate(input);
  }

  const set = (name: keyof AmlInput) => (value: string) => setInput((old) => ({ ...old, [name]: value }));
  const field = (
    name: keyof AmlInput,
    label: string,
    control: (props: ControlProps) => ReactNode,
    wide = false,
  ) => (
    <div className={`${kit.field} ${wide ? shared.wide : ''}`}>
      <label className={kit.label} htmlFor={`${id}-${name}`}>
        {label}
      </label>
      {control({
        id: `${id}-${name}`,
        className: kit.input,
        value: input[name],
        'aria-invalid': errors[name] ? true : undefined,
        'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
      })}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className={kit.fieldError}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  if (send.isSuccess) {
    return (
      <p className={kit.notice} role="status">
        Thank you: your details are sent, and your payout is on its way.
      </p>
    );
  }

  return (
    <BoxForm title="Your details" onSubmit={submit}>
      <p className={kit.hint}>
        Once your payouts pass {formatMoney(threshold)} in all, the law asks us who we are paying. Your payout
        waits until you send these.
      </p>
      <div className={shared.fields}>
        {field('full_name', 'Legal name', (p) => (
          <input {...p} autoComplete="name" onChange={(e) => set('full_name')(e.target.value)} />
        ))}
        {field('date_of_birth', 'Date of birth', (p) => (
          <input
            {...p}
            type="date"
            autoComplete="bday"
            onChange={(e) => set('date_of_birth')(e.target.value)}
          />
        ))}
        {field(
          'address',
          'Address',
          (p) => (
            <input {...p} autoComplete="street-address" onChange={(e) => set('address')(e.target.value)} />
          ),
          true,
        )}
        {field('country', 'Country', (p) => (
          <select {...p} autoComplete="country" onChange={(e) => set('country')(e.target.value)}>
            <option value="">Choose your country</option>
            {countryList.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        ))}
        {field('tax_id', 'Tax ID (optional)', (p) => (
          <input {...p} onChange={(e) => set('tax_id')(e.target.value)} />
        ))}
      </div>
      {send.isError && (
        <p className={kit.alert} role="alert">
          {errorMessage(send.error)}
        </p>
      )}
      <div className={shared.actions}>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send details'}
        </Button>
      </div>
    </BoxForm>
  );
}

interface ControlProps {
  id: string;
  className: string | undefined;
  value: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}
