import { type ReportCategory, reportCategories, reportCategoryLabels } from '@cove/contracts';
import { Button, kit } from '@cove/ui';
import { useId, useState } from 'react';
import type { ChatTools } from './use-chat-tools';
import styles from './Tools.module.css';

/**
 * Reports the other member to Cove's team: a reason from the list and, if they like, what happened.
 * Their recent messages in this chat go with it as evidence (docs/rules.md, Reports and the staff console).
 */
export function ReportPanel({ name, tools, onDone }: { name: string; tools: ChatTools; onDone(): void }) {
  const [reason, setReason] = useState<ReportCategory | null>(null);
  const [note, setNote] = useState('');
  const noteId = useId();
  return (
    <form
      className={styles.panel}
      onSubmit={(e) => {
        e.preventDefault();
        if (reason) tools.report(reason, note.trim(), onDone);
      }}
    >
      <h3 className={styles.panelTitle}>Report {name}</h3>
      <fieldset className={kit.fieldset}>
        <legend className={kit.legend}>Why are you reporting them?</legend>
        {reportCategories.map((c) => (
          <label key={c} className={kit.choice}>
            <input type="radio" name="report-reason" checked={reason === c} onChange={() => setReason(c)} />
            {reportCategoryLabels[c]}
          </label>
        ))}
      </fieldset>
      <label className={kit.label} htmlFor={noteId}>
        What happened? (optional)
      </label>
      <textarea id={noteId} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
      <p className={kit.hint}>Their recent messages in this chat are sent with your report.</p>
      <Button type="submit" variant="danger" disabled={!reason || tools.pending}>
        Send report
      </Button>
    </form>
  );
}
