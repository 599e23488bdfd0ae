import type { User, UserPatch } from '@cove/contracts';
import { errorMessage, useHost, useSession, useUsernameCheck } from '@cove/runtime';
import { Button, UsernameField, usernameReady } from '@cove/ui';
import { useState, type FormEvent } from 'react';
import styles from './EditProfile.module.css';

const genders: { value: NonNullable<User['gender']>; label: string }[] = [
  { value: 'male', label: 'Man' },
  { value: 'female', label: 'Woman' },
  { value: 'trans', label: 'Trans' },
];

type Result = { tone: 'saved' } | { tone: 'error'; message: string } | null;

/** `/account/edit-profile`: username (checked live as you type) and gender. */
export function EditProfile() {
  const { api, account } = useHost();
  const { user } = useSession();
  const [username, setUsername] = useState(user?.username ?? '');
  const [gender, setGender] = useState<User['gender']>(user?.gender ?? null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const check = useUsernameCheck(api, username, user?.username ?? null);
  if (!user) return null;

  const changes: UserPatch = {};
  if (username.trim() && username.trim() !== user.username) changes.username = username.trim();
  if (gender && gender !== user.gender) changes.gender = gender;
  const dirty = Object.keys(changes).length > 0;
  const ready = dirty && !busy && (changes.username === undefined || usernameReady(check));

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    setBusy(true);
    setResult(null);
    try {
      await account.patch(changes);
      setResult({ tone: 'saved' });
    } catch (err) {
      setResult({ tone: 'error', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.card} onSubmit={save} noValidate aria-label="Edit profile">
      <h2 className={styles.title}>Edit profile</h2>
      <UsernameField value={username} onChange={(v) => (setUsername(v), setResult(null))} check={check} />
      <fieldset className={styles.genders}>
        <legend className={styles.legend}>Gender</legend>
        {genders.map((g) => (
          <label key={g.value} className={styles.choice}>
            <input
              type="radio"
              name="gender"
              value={g.value}
              checked={gender === g.value}
              onChange={() => (setGender(g.value), setResult(null))}
            />
            {g.label}
          </label>
        ))}
      </fieldset>
      {result?.tone === 'error' && (
        <p className={styles.error} role="alert">
          {result.message}
        </p>
      )}
      {result?.tone === 'saved' && (
        <p className={styles.saved} role="status">
          Profile saved
        </p>
      )}
      <div>
        <Button type="submit" disabled={!ready}>
          {busy ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
      <p className={styles.hint}>Profile photos, bio and tags come with the media tools.</p>
    </form>
  );
}
