import type { Audience } from '@cove/contracts';
import { audienceLabels, audiences, priceHint } from './post-fields';
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
  const invalid = fields.credits === null;
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
      <label className={styles.field}>
        <span>Price ($, optional)</span>
        <input
          inputMode="decimal"
          value={fields.price}
          placeholder="Free"
          aria-invalid={invalid}
          aria-describedby={invalid ? priceErrorId : undefined}
          onChange={(e) => fields.setPrice(e.target.value)}
        />
      </label>
    </>
  );
}

/** The price hint, shown while the price typed is not one. */
export function PriceError({ id }: { id: string }) {
  return (
    <p id={id} className={styles.error}>
      {priceHint}
    </p>
  );
}
