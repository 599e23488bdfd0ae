import { errorMessage } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useEffect, useRef, useState } from 'react';
import { useHistoryExport } from '../api/get-history-export';
import type { HistoryFilter } from '../model/history-filter';
import styles from '../History.module.css';

/**
 * Export CSV: reads the filtered range, then offers it as a file (and starts the download). The
 * link stays, so a browser that blocked the automatic download can still save it. Keyed by the
 * filter where it is used, so a file of another range never stays on screen.
 */
export function ExportCsv({ filter }: { filter: HistoryFilter }) {
  const exporting = useHistoryExport();
  const [file, setFile] = useState<{ href: string; name: string } | null>(null);
  const link = useRef<HTMLAnchorElement>(null);

  // An object URL is let go when replaced or unmounted (the screen remounts this for a new filter).
  useEffect(() => () => void (file && URL.revokeObjectURL(file.href)), [file]);
  useEffect(() => {
    link.current?.click();
  }, [file]);

  const start = () =>
    exporting.mutate(filter, {
      onSuccess: ({ filename, csv }) =>
        setFile({ href: URL.createObjectURL(new Blob([csv], { type: 'text/csv' })), name: filename }),
    });

  return (
    <div className={styles.export}>
      <Button variant="secondary" onClick={start} disabled={exporting.isPending}>
        {exporting.isPending ? 'Preparing CSV…' : 'Export CSV'}
      </Button>
      {file && (
        <a ref={link} className={styles.link} href={file.href} download={file.name}>
          Download {file.name}
        </a>
      )}
      {exporting.isError && (
        <p className={kit.error} role="alert">
          {errorMessage(exporting.error)}
        </p>
      )}
    </div>
  );
}
