import { mediaUrl } from '@/lib/runtime-config';
import { apiMessageOr } from './failure';
import { described } from './labelled-field';
import { type MediaFolder, uploadImage, uploadVideo } from './media-api';
import { useStaffForm } from './use-staff-form';

/** The image types a story's pictures may be: the server checks the bytes as well. */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/svg+xml';
/** The video types a page's video may be. */
export const VIDEO_TYPES = 'video/mp4,video/webm';

/** A picture's URL: a picture the build compiled in (`/assets/...`) is its own, an upload's is under the media's. */
function pictureUrl(path: string): string | undefined {
  return path.startsWith('/assets/') ? path : mediaUrl(path);
}

/**
 * An image field (or, with `video`, a page's video): what is chosen now, and a file to pick
 * or drop in its place.
 */
export function ImageField({
  id,
  label,
  path,
  folder,
  error,
  onPath,
  removable = true,
  video = false,
}: {
  id: string;
  label: string;
  path: string | null;
  folder: MediaFolder;
  error?: string;
  onPath: (path: string | null) => void;
  /** The picture may be taken away (a story's); a page's picture may only be replaced. */
  removable?: boolean;
  /** The file is a video (MP4 or WebM), shown by a still player. */
  video?: boolean;
}) {
  const upload = useStaffForm({
    send: (file: File) => (video ? uploadVideo(file) : uploadImage(file, folder)),
    done: onPath,
    failure: apiMessageOr(''),
    failureAt: 'file',
  });
  const busy = upload.busy;
  const shown = upload.errors.file || error;
  return (
    <div class={shown ? 'staff-field staff-field--invalid image-field' : 'staff-field image-field'}>
      <label for={id}>{label}</label>
      {path && video ? (
        <video
          class="image-field__thumb"
          src={pictureUrl(path)}
          muted
          preload="metadata"
          width={160}
          height={90}
        />
      ) : path ? (
        <img class="image-field__thumb" src={pictureUrl(path)} alt="" width={160} height={90} />
      ) : (
        <p class="image-field__none">
          No {video ? 'video' : 'image'} yet. Pick a file, or drop one on the file button.
        </p>
      )}
      <div class="image-field__actions">
        <input
          {...described(id, shown)}
          type="file"
          accept={video ? VIDEO_TYPES : IMAGE_TYPES}
          disabled={busy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) upload.run(file);
          }}
        />
        {path && removable && (
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
