import { chatResponse, type Profile } from '@cove/contracts';
import { errorMessage, isApiError, useHost } from '@cove/runtime';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@cove/router';
import { profilePath } from '../../../common/profile-path';

/**
 * Message: the existing chat opens; otherwise `POST /v1/chat` starts one (the server decides whether
 * it may), and a fan out of free chats is offered to unlock them and come back here.
 */
export function useStartChat(profile: Profile) {
  const { api, popups } = useHost();
  const navigate = useNavigate();
  const chatPath = `/chats/${encodeURIComponent(profile._id)}`;
  const start = useMutation({
    mutationFn: () => api.post('/v1/chat', { recipient_id: profile._id }, { schema: chatResponse }),
    onSuccess: () => void navigate(chatPath),
    onError: (err) => {
      if (isApiError(err) && err.code === 'free_chat_limit') {
        popups.open({
          kind: 'unlock-free-chat',
          message: errorMessage(err),
          backTo: profilePath(profile._id),
          purchase: { model_id: profile._id },
        });
      }
    },
  });
  return {
    open: () => (profile.chat_id ? void navigate(chatPath) : start.mutate()),
    pending: start.isPending,
    /** Why the chat could not start; the popup says it for the free-chat limit. */
    error:
      start.isError && !(isApiError(start.error) && start.error.code === 'free_chat_limit')
        ? errorMessage(start.error)
        : null,
  };
}
