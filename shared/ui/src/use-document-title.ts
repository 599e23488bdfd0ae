import { useEffect } from 'react';

/**
 * Names the browser tab after the screen on show: "Chats · Cove". Each screen sets its own on mount, so
 * nothing is restored on the way out. One caller per screen: a parent's effect runs after its child's
 * and would win.
 */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = `${screen} · Cove`;
  }, [screen]);
}
