import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Hands keyboard focus from a chat's row that leaves the list to the row that takes its place in the
 * same commit (`rowKey`: a chat with a new message is a new row at the top).
 */
export interface RowFocus {
  leaving(chatId: string): void;
  /** Whether `chatId`'s row that just left held focus (answered once). */
  arriving(chatId: string): boolean;
}

export function useRowFocus(): RowFocus {
  const [focus] = useState(() => {
    let left: string | null = null;
    return {
      leaving: (chatId: string) => {
        left = chatId;
        // Only a row mounted in the same commit takes it, not one of the chat shown again later.
        queueMicrotask(() => (left = null));
      },
      arriving: (chatId: string) => {
        const had = left === chatId;
        if (had) left = null;
        return had;
      },
    };
  });
  return focus;
}

/**
 * A row's part: its cleanup runs before the row's element leaves the page (so focus is still in it)
 * and the new row's mount after, in the same commit; the new row focuses its link or checkbox.
 */
export function useCarriedFocus(focus: RowFocus, chatId: string, row: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = row.current;
    if (focus.arriving(chatId)) element?.querySelector<HTMLElement>('a, input')?.focus();
    return () => {
      if (element?.contains(document.activeElement)) focus.leaving(chatId);
    };
  }, [focus, chatId, row]);
}
