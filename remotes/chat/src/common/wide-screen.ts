/**
 * Whether the window is wider than a phone (the wide layout starts above 640 px): a chat opens ready to
 * type in and the fan panel sits beside the conversation; on a phone the panel is a sheet over it.
 */
export const wideScreen = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 641px)').matches;
