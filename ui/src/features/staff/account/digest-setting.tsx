import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '@/lib/api-client';
import { digestApi } from './digest-api';

/**
 * The morning digest: one mail at 08:00 in the office's time zone with one's leads that are
 * new or due, and how many new ones nobody has. Off until turned on; saved as it is ticked.
 */
export function DigestSetting() {
  const [on, setOn] = useState<boolean | null>(null);
  const [said, setSaid] = useState('');

  useEffect(() => {
    digestApi.get().then(
      (setting) => setOn(setting.on),
      () => setSaid('The digest setting could not be loaded.'),
    );
  }, []);

  const change = async (next: boolean) => {
    setSaid('');
    try {
      const saved = await digestApi.set(next);
      setOn(saved.on);
      setSaid(saved.on ? 'The morning digest is on.' : 'The morning digest is off.');
    } catch (error) {
      setSaid(error instanceof ApiError ? error.message : 'That did not work. Please try again.');
    }
  };

  return (
    <section class="account-section" aria-labelledby="digest-title">
      <h2 class="account-section__title" id="digest-title">
        Morning digest
      </h2>
      <p class="account-section__lead">
        One mail at 08:00 office time, on days there is something to say: the leads given to you that are new
        or due for follow-up, and how many new ones nobody has yet.
      </p>
      <label class="digest-setting">
        <input
          type="checkbox"
          checked={on === true}
          disabled={on === null}
          onChange={(e) => change(e.currentTarget.checked)}
        />
        <span>Send me the morning digest</span>
      </label>
      <p class="account-section__said" role="status">
        {said}
      </p>
    </section>
  );
}
