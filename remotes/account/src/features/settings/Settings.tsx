import type { HostSession, UserPatch } from '@cove/contracts';
import { errorMessage, useHost, useSession } from '@cove/runtime';
import { useMutation } from '@tanstack/react-query';
import { BlockedCountries } from './components/BlockedCountries';
import { Link } from '@cove/router';
import { DangerZone } from './components/DangerZone';
import { InviteCode } from './components/InviteCode';
import { notificationSettings, profileSettings, type SettingKey } from './model/settings-fields';
import styles from './Settings.module.css';

type SignedInUser = NonNullable<HostSession['user']>;

function valueOf(user: SignedInUser, key: SettingKey): boolean {
  return key === 'invisible' || key === 'intro_enabled' || key === 'private_feed'
    ? user[key]
    : user.notification_settings[key];
}

/**
 * One switch, saved at once through the shell (`PATCH /v1/users/{id}`). While saving it shows the value
 * asked for; the session then takes the saved user, and a refusal leaves the switch as it was, with
 * the server's reason.
 */
function SettingSwitch({
  user,
  setting,
  changes,
}: {
  user: SignedInUser;
  setting: { key: SettingKey; label: string; hint: string };
  changes(value: boolean): UserPatch;
}) {
  const { account } = useHost();
  const saving = useMutation({ mutationFn: (value: boolean) => account.patch(changes(value)) });
  const saved = valueOf(user, setting.key);
  const checked = saving.isPending ? (saving.variables ?? saved) : saved;
  return (
    <>
      <label className={styles.row}>
        <span>
          {setting.label}
          <span className={styles.hint}>{setting.hint}</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={checked}
          onChange={(e) => saving.mutate(e.target.checked)}
        />
      </label>
      {saving.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(saving.error)}
        </p>
      )}
    </>
  );
}

/** `/account/settings` (and `/privacy`): each switch saves on its own; creators also block countries. */
export function Settings({ section }: { section: 'all' | 'privacy' }) {
  const { user } = useSession();
  if (!user) return null;

  // A private feed is about posts, which only creators make.
  const ownSettings = profileSettings.filter((s) => s.key !== 'private_feed' || user.type === 'featured');
  const shownProfile = section === 'privacy' ? ownSettings.filter((s) => s.key === 'invisible') : ownSettings;
  return (
    <div>
      <section className={styles.group} aria-label="Profile">
        <h2>Profile</h2>
        {shownProfile.map((s) => (
          <SettingSwitch key={s.key} user={user} setting={s} changes={(v) => ({ [s.key]: v })} />
        ))}
        {section === 'all' && <InviteCode />}
      </section>
      {user.type === 'featured' && <BlockedCountries />}
      {section === 'all' && (
        <>
          <section className={styles.group} aria-label="Blocked people">
            <h2>Blocked people</h2>
            <p className={styles.hint}>
              <Link to="/account/settings/blocked">See and unblock the people you blocked</Link>
            </p>
          </section>
          <section className={styles.group} aria-label="Notifications">
            <h2>Notifications</h2>
            {notificationSettings.map((s) => (
              <SettingSwitch
                key={s.key}
                user={user}
                setting={s}
                changes={(v) => ({ notification_settings: { [s.key]: v } })}
              />
            ))}
          </section>
          <DangerZone />
        </>
      )}
    </div>
  );
}
