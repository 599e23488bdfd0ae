/** Every cached list of posts sits under this key: one creator's tabs and the home feed. */
export const postLists = ['posts'] as const;

/** Every tab's list of one creator's posts sits under this key. */
export const postsKey = (creatorId: string) => [...postLists, 'creator', creatorId] as const;

/** The home feed: posts of everyone the fan follows or subscribes to. */
export const homeFeedKey = [...postLists, 'home'] as const;
