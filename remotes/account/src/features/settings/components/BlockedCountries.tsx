import { errorMessage } from '@cove/runtime';
import { Button } from '@cove/ui';
import { useState, type FormEvent } from 'react';
import { useBlockedCountries } from '../api/blocked-countries';
import { useSaveBlockedCountries } from '../api/save-blocked-countries';
import { countryName } from '../model/country-name';
import styles from '../Settings.module.css';

/**
 * A creator's blocked countries (docs/rules.md, "Account lifecycle"): fans there get 'Sorry this
 * creator not available in your country' on the profile and in chats. Each change saves the whole list.
 */
export function BlockedCountries() {
  const list = useBlockedCountries();
  const save = useSaveBlockedCountries();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const current = list.data?.blocked_countries ?? [];

  function add(e: FormEvent) {
    e.preventDefault();
    const code = draft.trim().toUpperCase();
    if (!countryName(code)) return setProblem('Enter a two-letter country code, such as DE for Germany.');
    setProblem(null);
    setDraft('');
    if (!current.includes(code)) save.mutate([...current, code]);
  }

  const error =
    problem ?? (save.isError ? errorMessage(save.error) : list.isError ? errorMessage(list.error) : null);
  return (
    <section className={styles.group} aria-label="Blocked countries">
      <h2>Blocked countries</h2>
      <p className={styles.hint}>Fans in these countries cannot see your profile or chat with you.</p>
      {current.length === 0 ? (
        <p className={styles.hint}>{list.isPending ? 'Loading…' : 'No country is blocked.'}</p>
      ) : (
        <ul className={styles.countries}>
          {current.map((code) => (
            <li key={code} className={styles.row}>
              <span>
                {countryName(code) ?? code} <span className={styles.hint}>{code}</span>
              </span>
              <Button
                variant="secondary"
                disabled={save.isPending}
                onClick={() => save.mutate(current.filter((c) => c !== code))}
                aria-label={`Unblock ${countryName(code) ?? code}`}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.row} onSubmit={add} noValidate>
        <label className={styles.countryField}>
          Country code
          <input
            value={draft}
            maxLength={2}
            placeholder="DE"
            onChange={(e) => setDraft(e.target.value)}
            aria-invalid={Boolean(problem)}
          />
        </label>
        <Button type="submit" disabled={save.isPending || list.isPending}>
          Block country
        </Button>
      </form>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
