import { type FeedItem, type ReportCategory, reportCategories, reportCategoryLabels } from '@cove/contracts';
import { errorMessage, useHost } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import styles from './Posts.module.css';

/**
 * Report under someone else's post: a reason from the list, sent with the post as evidence
 * (`POST /v1/users/{creator}/report {reason, post_id}`; docs/rules.md, Reports and the staff console).
 */
export function PostReport({ post }: { post: FeedItem }) {
  const { api } = useHost();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportCategory | null>(null);
  const send = useMutation({
    mutationFn: (why: ReportCategory) =>
      api.send('POST', `/v1/users/${encodeURIComponent(post.model_id)}/report`, {
        body: { reason: why, post_id: post._id },
      }),
    onSuccess: () => setOpen(false),
  });
  if (send.isSuccess) {
    return (
      <p className={styles.saved} role="status">
        Thank you. Our team will look at this post.
      </p>
    );
  }
  if (!open) {
    return (
      <Button variant="ghost" aria-expanded={false} onClick={() => setOpen(true)}>
        Report post
      </Button>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (reason) send.mutate(reason);
      }}
    >
      <fieldset className={kit.fieldset}>
        <legend className={kit.legend}>Why are you reporting this post?</legend>
        {reportCategories.map((c) => (
          <label key={c} className={kit.choice}>
            <input
              type="radio"
              name={`report-${post._id}`}
              checked={reason === c}
              onChange={() => setReason(c)}
            />
            {reportCategoryLabels[c]}
          </label>
        ))}
      </fieldset>
      {send.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(send.error)}
        </p>
      )}
      <Button type="submit" variant="danger" disabled={!reason || send.isPending}>
        Send report
      </Button>
      <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
        Not now
      </Button>
    </form>
  );
}
