import { createContext } from 'react';

/**
 * The thread is one tab stop: the controls inside a message (unlock, open full screen, a video's
 * player) are reached by Tab only in the message that is that stop; a pointer reaches them all.
 */
export const ControlsTabIndex = createContext<0 | -1>(0);
