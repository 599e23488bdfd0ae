import { Button } from '@cove/ui';
import { useState } from 'react';
import type { ChatTools } from './use-chat-tools';
import styles from './Tools.module.css';

/** Reports the other member to Cove's team, with the reason in the reporter's words. */
export function ReportPanel({ name, tools, onDone }: { name: string; tools: ChatTools; onDone(): void }) {
  const [reason, setReason] = useState('');
  return (
    <form
      className={styles.panel}
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim()) tools.report(reason.trim(), onDone);
      }}
    >
      <h3 className={styles.panelTitle}>Report {name}</h3>
      <textarea
        aria-label="What happened?"
        placeholder="What happened?"
        value={reason}
        maxLength={1000}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button type="submit" variant="danger" disabled={!reason.trim() || tools.pending}>
        Send report
      </Button>
    </form>
  );
}
