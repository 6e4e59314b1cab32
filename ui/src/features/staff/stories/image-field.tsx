import { apiMessageOr } from '@/features/staff/shell/failure';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { mediaUrl } from '@/lib/runtime-config';
import { type MediaFolder, storyApi } from './story-api';
import { described } from './story-field';

/** The image types a story's pictures may be: the server checks the bytes as well. */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/svg+xml';

/** An image field: what is chosen now, and a file to pick or drop in its place. */
export function ImageField({
  id,
  label,
  path,
  folder,
  error,
  onPath,
}: {
  id: string;
  label: string;
  path: string | null;
  folder: MediaFolder;
  error?: string;
  onPath: (path: string | null) => void;
}) {
  const upload = useStaffForm({
    send: (file: File) => storyApi.upload(file, folder),
    done: onPath,
    failure: apiMessageOr(''),
    failureAt: 'file',
  });
  const busy = upload.busy;
  const shown = upload.errors.file || error;
  return (
    <div class={shown ? 'staff-field staff-field--invalid story-image' : 'staff-field story-image'}>
      <label for={id}>{label}</label>
      {path ? (
        <img class="story-image__thumb" src={mediaUrl(path)} alt="" width={160} height={90} />
      ) : (
        <p class="story-image__none">No image yet. Pick a file, or drop one on the file button.</p>
      )}
      <div class="story-image__actions">
        <input
          {...described(id, shown)}
          type="file"
          accept={IMAGE_TYPES}
          disabled={busy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) upload.run(file);
          }}
        />
        {path && (
          <button type="button" class="staff-button" onClick={() => onPath(null)}>
            Remove {label.toLowerCase()}
          </button>
        )}
      </div>
      {busy && <p role="status">Uploading…</p>}
      {shown && (
        <p class="staff-field__error" id={`${id}-error`}>
          {shown}
        </p>
      )}
    </div>
  );
}
