import { useState } from 'react';

const KEY = 'cove.chat-list.show-spend';

const stored = () => {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};

/** A creator's choice to see on each chat row what the person has spent with her; kept on this device. */
export function useShowSpend(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(stored);
  return [
    on,
    (next) => {
      setOn(next);
      try {
        window.localStorage.setItem(KEY, next ? '1' : '0');
      } catch {
        // Private mode without storage: the choice lasts for this page only.
      }
    },
  ];
}
