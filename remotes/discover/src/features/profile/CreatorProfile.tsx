import { ButtonLink, EmptyState, Page, SignInGate } from '@cove/ui';
import { useParams } from 'react-router-dom';

/** `/creators/{id}`: a creator's public profile and feed. */
export function CreatorProfile() {
  const { creatorId = '' } = useParams();
  return (
    <Page
      title="Creator profile"
      actions={
        <>
          <ButtonLink to="/discover" variant="secondary">
            ← Discover
          </ButtonLink>
          {/* The conversation opens the chat, or starts it when the server allows. */}
          <ButtonLink to={`/chats/${encodeURIComponent(creatorId)}`}>Message</ButtonLink>
        </>
      }
    >
      <SignInGate
        icon="👤"
        title="Sign in to see this profile"
        reason="Profiles, feeds and follows need an account."
      >
        <EmptyState icon="👤" title="Profiles can't be shown in this version of Cove">
          Profile pages and feeds arrive with the next discover release. You can still browse creators on
          Discover.
        </EmptyState>
      </SignInGate>
    </Page>
  );
}
