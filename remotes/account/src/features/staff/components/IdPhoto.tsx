import type { IdDocumentSide } from '@cove/contracts';
import { errorMessage } from '@cove/runtime';
import { Button, Spinner } from '@cove/ui';
import { useState } from 'react';
import { useIdDocument } from '../api/id-document';
import layout from '../../../common/Console.module.css';
import styles from './Applications.module.css';

const sideLabels: Record<IdDocumentSide, string> = { front: 'ID document', selfie: 'Selfie' };
const buttonLabels: Record<IdDocumentSide, string> = { front: 'ID document', selfie: 'selfie' };

/**
 * One ID photo of an application, hidden until staff ask to see it: each look is written to the audit
 * log, so none happens by scrolling past.
 */
export function IdPhoto({
  applicationId,
  side,
  name,
}: {
  applicationId: string;
  side: IdDocumentSide;
  name: string;
}) {
  const [shown, setShown] = useState(false);
  const photo = useIdDocument(applicationId, side, shown);
  const label = sideLabels[side];
  return (
    <div className={styles.photo}>
      <Button variant="secondary" aria-expanded={shown} onClick={() => setShown((s) => !s)}>
        {`${shown ? 'Hide' : 'Show'} ${buttonLabels[side]}`}
      </Button>
      {shown && photo.isPending && (
        <span className={layout.muted} role="status">
          <Spinner size={20} /> Loading the photo…
        </span>
      )}
      {shown && photo.isError && (
        <p className={layout.error} role="alert">
          {errorMessage(photo.error)}
        </p>
      )}
      {shown && photo.data && (
        <figure className={styles.figure}>
          <img
            src={photo.data.image}
            width={photo.data.width}
            height={photo.data.height}
            alt={`${label} of ${name}`}
          />
          <figcaption className={layout.muted}>
            {label}, uploaded {new Date(photo.data.uploaded_at).toLocaleString()}. This view is in the audit
            log.
          </figcaption>
        </figure>
      )}
    </div>
  );
}
