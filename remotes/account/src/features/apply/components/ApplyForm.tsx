import { errorMessage, useHost, useSession, useUsernameCheck } from '@cove/runtime';
import { Button, kit, UsernameField, usernameReady } from '@cove/ui';
import { useId, useState, type FormEvent } from 'react';
import { useApply } from '../api/apply';
import { useGeoCountry } from '../api/geo-country';
import styles from '../Apply.module.css';

/** The first step: the creator's public name and bio, and the birth date and country staff check. */
export function ApplyForm() {
  const { api } = useHost();
  const { user } = useSession();
  const [username, setUsername] = useState(user?.username ?? '');
  const [bio, setBio] = useState(user?.bio ?? '');
  const [dateOfBirth, setDateOfBirth] = useState('');
  // Until the applicant types one, the country is where the server places them, if it can tell.
  const placed = useGeoCountry();
  const [typedCountry, setCountry] = useState<string | null>(null);
  const country = typedCountry ?? placed ?? '';
  const apply = useApply();
  const check = useUsernameCheck(api, username, user?.username ?? null);
  const id = useId();
  const ready =
    usernameReady(check) &&
    bio.trim() !== '' &&
    dateOfBirth !== '' &&
    /^[A-Za-z]{2}$/.test(country.trim()) &&
    !apply.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    apply.mutate({
      username: username.trim(),
      bio: bio.trim(),
      date_of_birth: dateOfBirth,
      country: country.trim(),
    });
  }

  return (
    <form
      className={`${kit.panel} ${kit.roomy}`}
      onSubmit={submit}
      noValidate
      aria-label="Creator application"
    >
      <p className={kit.hint}>
        Creators publish a feed, sell content and earn. Tell us who you are; you must be 18 or older.
      </p>
      <UsernameField
        label="Creator name"
        value={username}
        onChange={(v) => (setUsername(v), apply.reset())}
        check={check}
      />
      <div className={kit.field}>
        <label htmlFor={`${id}-bio`} className={kit.label}>
          Bio
        </label>
        <textarea
          id={`${id}-bio`}
          className={kit.input}
          value={bio}
          maxLength={500}
          rows={4}
          onChange={(e) => (setBio(e.target.value), apply.reset())}
          aria-describedby={`${id}-bio-hint`}
        />
        <p id={`${id}-bio-hint`} className={kit.hint}>
          What fans will find on your profile ({bio.length}/500).
        </p>
      </div>
      <div className={styles.row}>
        <div className={kit.field}>
          <label htmlFor={`${id}-dob`} className={kit.label}>
            Date of birth
          </label>
          <input
            id={`${id}-dob`}
            className={kit.input}
            type="date"
            value={dateOfBirth}
            onChange={(e) => (setDateOfBirth(e.target.value), apply.reset())}
          />
        </div>
        <div className={kit.field}>
          <label htmlFor={`${id}-country`} className={kit.label}>
            Country
          </label>
          <input
            id={`${id}-country`}
            className={kit.input}
            value={country}
            maxLength={2}
            autoComplete="country"
            placeholder="e.g. NL"
            onChange={(e) => (setCountry(e.target.value.toUpperCase()), apply.reset())}
            aria-describedby={`${id}-country-hint`}
          />
          <p id={`${id}-country-hint`} className={kit.hint}>
            Two-letter country code.
          </p>
        </div>
      </div>
      {apply.isError && (
        <p className={kit.error} role="alert">
          {errorMessage(apply.error)}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={!ready}>
          {apply.isPending ? 'Sending…' : 'Send application'}
        </Button>
      </div>
    </form>
  );
}
