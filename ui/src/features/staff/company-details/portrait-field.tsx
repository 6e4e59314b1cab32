import { useState } from 'preact/hooks';
import { ApiError } from '@/lib/api-client';
import { mediaUrl } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';
import { settingsApi } from './settings-api';
import { type Errors, errorOf, fieldId } from './settings-field';

/** A leader's portrait: the stored image, an upload button and a remove button. */
export function PortraitField({
  name,
  leader,
  path,
  errors,
  onChange,
}: {
  name: string;
  leader: string;
  path: string;
  errors: Errors;
  onChange: (path: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState('');
  const id = fieldId(name);
  const error = uploadError || errorOf(errors, name);
  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setUploadError('');
    try {
      onChange(await settingsApi.uploadPortrait(file));
      toast.success('Portrait uploaded. Save the details to show it on the site.');
    } catch (failure) {
      const message =
        failure instanceof ApiError
          ? failure.message
          : 'The portrait could not be uploaded. Please try again.';
      setUploadError(message);
      toast.error(message);
    } finally {
      setBusy(false);
      input.value = '';
    }
  };
  const src = path ? mediaUrl(path) : undefined;
  return (
    <div class="settings-field settings-portrait">
      <label class="staff-field" for={id}>
        <span>Portrait{leader ? ` of ${leader}` : ''}</span>
      </label>
      <div class="settings-portrait__row">
        {src ? (
          <img class="settings-portrait__image" src={src} alt="" width={64} height={64} />
        ) : (
          <span class="settings-portrait__none">Initials shown</span>
        )}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => upload(e.currentTarget)}
        />
        {path && (
          <button type="button" class="staff-button" onClick={() => onChange('')}>
            Remove portrait<span class="visually-hidden">{leader ? ` of ${leader}` : ''}</span>
          </button>
        )}
      </div>
      {busy && <p role="status">Uploading…</p>}
      {error && (
        <p class="settings-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
