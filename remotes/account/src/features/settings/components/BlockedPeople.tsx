import type { BlockedPerson } from '@cove/contracts';
import { errorMessage, formatDate, useHost } from '@cove/runtime';
import { Avatar, Button, EmptyState, PagedView, Row, RowBody, RowLine, RowList } from '@cove/ui';
import { useBlockedPeople, useUnblock } from '../api/blocked-people';
import styles from '../Settings.module.css';

/**
 * `/account/settings/blocked`: whom the person blocked (docs/rules.md, Blocked people), newest first, page by page; unblocking asks
 * first, then uses the chat's own unblock. A block made in a chat shows here at once.
 */
export function BlockedPeople() {
  const list = useBlockedPeople();
  const unblock = useUnblock();
  const { popups } = useHost();

  const confirmUnblock = async (name: string, userId: string) => {
    const { outcome } = popups.open({
      kind: 'generic',
      emoji: '🔓',
      sentence: `Unblock ${name}? You will be able to message each other again.`,
      confirmLabel: 'Unblock',
    });
    if ((await outcome).action === 'confirm') unblock.mutate(userId);
  };

  return (
    <section className={styles.group} aria-label="Blocked people">
      <h2>Blocked people</h2>
      <p className={styles.hint}>People you blocked cannot message you, pay you or start a chat with you.</p>
      {unblock.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(unblock.error)}
        </p>
      )}
      <PagedView
        list={list}
        empty={
          <EmptyState icon="🙂" title="You have not blocked anyone">
            Block someone from the menu of your chat with them.
          </EmptyState>
        }
      >
        {(people) => (
          <RowList label="Blocked people">
            {people.map((p) => (
              <BlockedRow
                key={p.user._id}
                person={p}
                busy={unblock.isPending && unblock.variables === p.user._id}
                onUnblock={(name) => void confirmUnblock(name, p.user._id)}
              />
            ))}
          </RowList>
        )}
      </PagedView>
    </section>
  );
}

function BlockedRow({
  person,
  busy,
  onUnblock,
}: {
  person: BlockedPerson;
  busy: boolean;
  onUnblock(name: string): void;
}) {
  const name = person.user.username ?? 'Deleted account';
  return (
    <Row label={name} center>
      <Avatar name={name} url={person.user.avatar_url} size={40} />
      <RowBody>
        <RowLine>
          <strong>{name}</strong>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => onUnblock(name)}
            aria-label={`Unblock ${name}`}
          >
            Unblock
          </Button>
        </RowLine>
        <span className={styles.hint}>Blocked {formatDate(person.blocked_at)}</span>
      </RowBody>
    </Row>
  );
}
