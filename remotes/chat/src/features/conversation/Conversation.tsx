import { EmptyState, Page, SignInGate, ButtonLink } from '@cove/ui';
import { useParams } from 'react-router-dom';

/** `/chats/{otherUserId}`: one conversation. */
export function Conversation() {
  const { otherUserId = '' } = useParams();
  return (
    <Page
      title="Conversation"
      actions={
        <ButtonLink to="/chats" variant="secondary">
          ← All chats
        </ButtonLink>
      }
    >
      <SignInGate
        icon="🔒"
        title="Sign in to open this chat"
        reason="Messages are only shown to the two people in a chat."
      >
        <EmptyState
          icon="💬"
          title="Messages can't be shown in this version of Cove"
          actions={
            <ButtonLink to={`/creators/${encodeURIComponent(otherUserId)}`} variant="secondary">
              View profile
            </ButtonLink>
          }
        >
          Reading and sending messages arrives with the next chat release. Your chat list already works.
        </EmptyState>
      </SignInGate>
    </Page>
  );
}
