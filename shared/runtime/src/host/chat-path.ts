/** The conversation's own page: where a popup opened from it leads back to. */
export const chatPath = (otherUserId: string) => `/chats/${encodeURIComponent(otherUserId)}`;
