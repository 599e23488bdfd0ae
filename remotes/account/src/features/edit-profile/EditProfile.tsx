import type { User, UserPatch } from '@cove/contracts';
import { errorMessage, useHost, useSession, useUsernameCheck } from '@cove/runtime';
import { Button, kit, UsernameField, usernameReady } from '@cove/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { BioSection } from './components/BioSection';
import { PhotoSection } from './components/PhotoSection';
import { PricesSection } from './components/PricesSection';
import { TagsSection } from './components/TagsSection';
import styles from './EditProfile.module.css';

const genders: { value: NonNullable<User['gender']>; label: string }[] = [
  { value: 'male', label: 'Man' },
  { value: 'female', label: 'Woman' },
  { value: 'trans', label: 'Trans' },
];

/**
 * `/account/edit-profile`: username (checked live as you type) and gender for everyone; creators also
 * set their photo, cover, bio, tags and prices, each saved on its own so an error shows beside it.
 */
export function EditProfile() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className={styles.sections}>
      <AccountForm />
      {user.type === 'featured' && (
        <>
          <PhotoSection kind="avatar" url={user.avatar_url} />
          <PhotoSection kind="cover" url={user.cover_url} />
          <BioSection bio={user.bio} />
          <TagsSection tags={user.tags} />
          <PricesSection
            creditRate={user.credit_rate}
            subscriptionPrice={user.subscription_price}
            restricted={user.restricted}
          />
        </>
      )}
    </div>
  );
}

function AccountForm() {
  const { api, account } = useHost();
  const { user } = useSession();
  const [username, setUsername] = useState(user?.username ?? '');
  const [gender, setGender] = useState<User['gender']>(user?.gender ?? null);
  const saving = useMutation({ mutationFn: (changes: UserPatch) => account.patch(changes) });
  const check = useUsernameCheck(api, username, user?.username ?? null);
  if (!user) return null;

  const changes: UserPatch = {};
  if (username.trim() && username.trim() !== user.username) changes.username = username.trim();
  if (gender && gender !== user.gender) changes.gender = gender;
  const dirty = Object.keys(changes).length > 0;
  const ready = dirty && !saving.isPending && (changes.username === undefined || usernameReady(check));

  function save(e: FormEvent) {
    e.preventDefault();
    if (ready) saving.mutate(changes);
  }

  return (
    <form
      className={`${kit.panel} ${kit.roomy} ${styles.card}`}
      onSubmit={save}
      noValidate
      aria-label="Edit profile"
    >
      <h2 className={styles.title}>Edit profile</h2>
      <UsernameField value={username} onChange={(v) => (setUsername(v), saving.reset())} check={check} />
      <fieldset className={kit.choiceRow}>
        <legend className={styles.legend}>Gender</legend>
        {genders.map((g) => (
          <label key={g.value} className={styles.choice}>
            <input
              type="radio"
              name="gender"
              value={g.value}
              checked={gender === g.value}
              onChange={() => (setGender(g.value), saving.reset())}
            />
            {g.label}
          </label>
        ))}
      </fieldset>
      {saving.isError && (
        <p className={kit.error} role="alert">
          {errorMessage(saving.error)}
        </p>
      )}
      {saving.isSuccess && (
        <p className={styles.saved} role="status">
          Profile saved
        </p>
      )}
      <div>
        <Button type="submit" disabled={!ready}>
          {saving.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
