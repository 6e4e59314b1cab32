import { apiMessageOr } from '@/features/staff/shell/failure';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { mediaUrl } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';
import { settingsApi } from './settings-api';
import { type Errors, errorOf, fieldId } from './settings-field';

const notUploaded = apiMessageOr('The portrait could not be uploaded. Please try again.');

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
  const upload = useStaffForm({
    send: (file: File) => settingsApi.uploadPortrait(file),
    done: (uploaded) => {
      onChange(uploaded);
      toast.success('Portrait uploaded. Save the details to show it on the site.');
    },
    failure: notUploaded,
    fields: [],
    failed: (failure) => toast.error(notUploaded(failure)),
  });
  const busy = upload.busy;
  const id = fieldId(name);
  const error = upload.error || errorOf(errors, name);
  const choose = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    // The same file may be chosen again, once this one is in or refused.
    upload.run(file).finally(() => {
      input.value = '';
    });
  };
  const src = path ? mediaUrl(path) : undefined;
  return (
    <div class="staff-control settings-portrait">
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
          onChange={(e) => choose(e.currentTarget)}
        />
        {path && (
          <button type="button" class="staff-button" onClick={() => onChange('')}>
            Remove portrait<span class="visually-hidden">{leader ? ` of ${leader}` : ''}</span>
          </button>
        )}
      </div>
      {busy && <p role="status">Uploading…</p>}
      {error && (
        <p class="staff-control__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
