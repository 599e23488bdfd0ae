import { autoMessageCategory, type AutoMessageCategory } from '@cove/contracts';
import { requestState, useSession } from '@cove/runtime';
import { EmptyState, RequestView, Row, RowBody, RowLine, RowList } from '@cove/ui';
import { useId } from 'react';
import { Link, useParams } from '@cove/router';
import { useAutoMessages } from './api/auto-messages';
import { categoryInfo } from './model/categories';
import { CategoryEditor } from './components/CategoryEditor';
import styles from './AutoMessages.module.css';

const isCategory = (name: string | undefined): name is AutoMessageCategory =>
  autoMessageCategory.safeParse(name).success;

/** `/account/auto-messages` and `/account/auto-messages/:category`: the categories, and one being edited. */
export function AutoMessages() {
  const { user } = useSession();
  if (user?.type !== 'featured') {
    return (
      <EmptyState icon="🤖" title="Auto-messages are for creators">
        Creators greet new fans, followers and subscribers with messages sent for them.
      </EmptyState>
    );
  }
  return <CreatorAutoMessages />;
}

function CreatorAutoMessages() {
  const { category } = useParams();
  const query = useAutoMessages();
  const headingId = useId();
  if (category !== undefined && !isCategory(category)) {
    return (
      <EmptyState icon="🧭" title="There is no such auto-message category">
        <Link to="/account/auto-messages">See all categories</Link>
      </EmptyState>
    );
  }
  return (
    <section className={styles.screen} aria-labelledby={headingId}>
      <RequestView state={requestState(query)} retry={() => void query.refetch()}>
        {(categories) => {
          const chosen = category && categories.find((c) => c.category === category);
          if (chosen) return <CategoryEditor key={chosen.category} saved={chosen} headingId={headingId} />;
          return (
            <>
              <div className={styles.head}>
                <h2 id={headingId} className={styles.title}>
                  Auto-messages
                </h2>
                <p className={styles.muted}>
                  Messages sent for you, once to each fan, when something happens. Each fan gets a category’s
                  messages at most once.
                </p>
              </div>
              <RowList label="Auto-message categories">
                {categories.map((c) => {
                  const info = categoryInfo[c.category];
                  const count = c.messages.length;
                  return (
                    <Row key={c.category} label={info.title}>
                      <RowBody>
                        <RowLine>
                          <Link className={styles.name} to={`/account/auto-messages/${c.category}`}>
                            {info.title}
                          </Link>
                          <span className={styles.count}>
                            {count === 0 ? 'Off' : count === 1 ? '1 message' : `${count} messages`}
                          </span>
                        </RowLine>
                        <span className={styles.muted}>{info.when}</span>
                        {c.excerpt && <span className={styles.excerpt}>“{c.excerpt}”</span>}
                      </RowBody>
                    </Row>
                  );
                })}
              </RowList>
            </>
          );
        }}
      </RequestView>
    </section>
  );
}
