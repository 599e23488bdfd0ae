import type { Audience } from '@cove/contracts';
import { priceCapHint } from '@cove/runtime';
import { kit } from '@cove/ui';
import { useId } from 'react';
import { audienceLabels, audiences } from './post-fields';
import type { PostFields } from './use-post-fields';
import styles from './Posts.module.css';

/** Who can see a post and what it costs, as the composer and the editor ask for them. */
export function AudiencePriceFields({
  fields,
  priceErrorId,
}: {
  fields: PostFields;
  /** The id of the hint shown under the form while the price is not one. */
  priceErrorId: string;
}) {
  const invalid = fields.problem !== null;
  const capId = useId();
  return (
    <>
      <label className={styles.field}>
        <span>Who can see it</span>
        <select value={fields.audience} onChange={(e) => fields.setAudience(e.target.value as Audience)}>
          {audiences.map((a) => (
            <option key={a} value={a}>
              {audienceLabels[a]}
            </option>
          ))}
        </select>
      </label>
      <div className={kit.field}>
        <label className={styles.field}>
          <span>Price ($, optional)</span>
          <input
            inputMode="decimal"
            value={fields.price}
            placeholder="Free"
            aria-invalid={invalid}
            aria-describedby={invalid ? `${capId} ${priceErrorId}` : capId}
            onChange={(e) => fields.setPrice(e.target.value)}
          />
        </label>
        <small id={capId} className={kit.hint}>
          {priceCapHint(fields.cap)}
        </small>
      </div>
    </>
  );
}

/** What is wrong with the price typed, shown under the form while it cannot be sent. */
export function PriceError({ id, fields }: { id: string; fields: PostFields }) {
  if (fields.problem === null) return null;
  return (
    <p id={id} className={styles.error}>
      {fields.problem}
    </p>
  );
}
