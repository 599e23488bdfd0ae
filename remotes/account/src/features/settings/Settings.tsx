import type { User } from '@cove/contracts';
import { errorMessage, useHost, useSession } from '@cove/runtime';
import { useState } from 'react';
import { notificationSettings, profileSettings } from './settings-fields';
import styles from './Settings.module.css';

type Values = Record<string, boolean>;

function valuesOf(user: Readonly<User>): Values {
  return { invisible: user.invisible, intro_enabled: user.intro_enabled, ...user.notification_settings };
}

/** `/account/settings` (and `/privacy`): each switch saves at once with `PATCH /v1/users/{id}`. */
export function Settings({ section }: { section: 'all' | 'privacy' }) {
  const { api } = useHost();
  const { user } = useSession();
  const [values, setValues] = useState<Values>(() => (user ? valuesOf(user) : {}));
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;

  async function change(key: string, value: boolean, body: Record<string, unknown>) {
    const before = values[key];
    setValues((v) => ({ ...v, [key]: value }));
    setError(null);
    try {
      await api.patch(`/v1/users/${encodeURIComponent(user?._id ?? '')}`, body);
    } catch (err) {
      setValues((v) => ({ ...v, [key]: before ?? !value }));
      setError(errorMessage(err));
    }
  }

  const row = (key: string, label: string, hint: string, body: (v: boolean) => Record<string, unknown>) => (
    <label key={key} className={styles.row}>
      <span>
        {label}
        <span className={styles.hint}>{hint}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={values[key] ?? false}
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
        <section className={styles.group} aria-label="Notifications">
          <h2>Notifications</h2>
          {notificationSettings.map((s) =>
            row(s.key, s.label, s.hint, (v) => ({
              notification_settings: { ...user.notification_settings, [s.key]: v },
            })),
          )}
        </section>
      )}
    </div>
  );
}
