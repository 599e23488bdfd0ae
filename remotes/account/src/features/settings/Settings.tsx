import type { User, UserPatch } from '@cove/contracts';
import { errorMessage, useHost, useSession } from '@cove/runtime';
import { useState } from 'react';
import { DangerZone } from './DangerZone';
import { notificationSettings, profileSettings, type SettingKey } from './settings-fields';
import styles from './Settings.module.css';

function valueOf(user: Readonly<User>, key: SettingKey): boolean {
  return key === 'invisible' || key === 'intro_enabled' ? user[key] : user.notification_settings[key];
}

/**
 * `/account/settings` (and `/privacy`): each switch saves at once through the shell
 * (`PATCH /v1/users/{id}`); the session takes the saved user, and a refusal puts the switch back.
 */
export function Settings({ section }: { section: 'all' | 'privacy' }) {
  const { account } = useHost();
  const { user } = useSession();
  // Values being saved, shown ahead of the session until the server answers.
  const [pending, setPending] = useState<Partial<Record<SettingKey, boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;

  async function change(key: SettingKey, value: boolean, body: UserPatch) {
    setPending((p) => ({ ...p, [key]: value }));
    setError(null);
    try {
      await account.patch(body);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(({ [key]: _done, ...rest }) => rest);
    }
  }

  const row = (key: SettingKey, label: string, hint: string, body: (v: boolean) => UserPatch) => (
    <label key={key} className={styles.row}>
      <span>
        {label}
        <span className={styles.hint}>{hint}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={pending[key] ?? valueOf(user, key)}
        onChange={(e) => void change(key, e.target.checked, body(e.target.checked))}
      />
    </label>
  );

  const shownProfile =
    section === 'privacy' ? profileSettings.filter((s) => s.key === 'invisible') : profileSettings;
  return (
    <div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <section className={styles.group} aria-label="Profile">
        <h2>Profile</h2>
        {shownProfile.map((s) => row(s.key, s.label, s.hint, (v) => ({ [s.key]: v })))}
      </section>
      {section === 'all' && (
        <>
          <section className={styles.group} aria-label="Notifications">
            <h2>Notifications</h2>
            {notificationSettings.map((s) =>
              row(s.key, s.label, s.hint, (v) => ({ notification_settings: { [s.key]: v } })),
            )}
          </section>
          <DangerZone />
        </>
      )}
    </div>
  );
}
