import { useState, type ChangeEvent } from 'react';
import { useDebounced } from './use-debounced';

/**
 * A search box's state: `input` is spread on an `<input>` (named and hinted by `label`), and `search`
 * is its trimmed text once the person pauses (300 ms), so a list asks once per pause.
 */
export function useSearch(label: string) {
  const [query, setQuery] = useState('');
  return {
    search: useDebounced(query.trim(), 300),
    input: {
      type: 'search',
      'aria-label': label,
      placeholder: label,
      value: query,
      onChange: (e: ChangeEvent<HTMLInputElement>) => setQuery(e.target.value),
    },
  };
}
