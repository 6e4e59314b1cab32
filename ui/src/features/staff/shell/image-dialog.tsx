import { useEffect, useRef, useState } from 'preact/hooks';
import { apiMessageOr } from './failure';
import { withoutErrorOf } from './field-names';
import { IMAGE_TYPES } from './image-field';
import { described } from './labelled-field';
import { uploadImage } from './media-api';
import { RichDialog } from './rich-dialog';
import { fieldMessage, useStaffForm } from './use-staff-form';

interface ImageDialogProps {
  open: boolean;
  /** A file dropped or pasted into the body, chosen already. */
  file: File | null;
  onClose: () => void;
  /** The uploaded image's media path, its alt text and its caption. */
  onImage: (path: string, alt: string, caption: string) => void;
}

/** Puts an image into the body: the file, its alt text (required) and a caption. */
export function ImageDialog({ open, file: given, onClose, onImage }: ImageDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const altInput = useRef<HTMLInputElement>(null);
  // A dropped or pasted file is chosen already: the alt text is what is asked first. Opened
  // without one, the file stays as closing left it (none): setting it again here, after the
  // first paint, could undo a file picked the moment the dialog opened.
  useEffect(() => {
    if (!open || !given) return;
    setFile(given);
    altInput.current?.focus();
  }, [open, given]);
  const upload = useStaffForm({
    check: () => ({
      ...fieldMessage(!file, 'file', 'Choose an image file.'),
      ...fieldMessage(!alt.trim(), 'alt', 'Describe the image: alt text is required.'),
    }),
    send: () => uploadImage(file as File, 'blogs'),
    done: (path) => {
      onImage(path, alt.trim(), caption.trim());
      setFile(null);
      setAlt('');
      setCaption('');
    },
    failure: apiMessageOr(''),
    failureAt: 'file',
  });
  const { busy, errors, setErrors } = upload;
  const close = () => {
    setFile(null);
    setAlt('');
    setCaption('');
    setErrors({});
    onClose();
  };
  return (
    <RichDialog
      open={open}
      id="rich-image-title"
      title="Add an image"
      submit="Add image"
      busy={busy}
      onClose={close}
      onSubmit={() => upload.run()}
    >
      <div class={errors.file ? 'staff-field staff-field--invalid' : 'staff-field'}>
        <label for="rich-image-file">Image file</label>
        <input
          {...described('rich-image-file', errors.file, true)}
          type="file"
          accept={IMAGE_TYPES}
          onChange={(event) => {
            setFile(event.currentTarget.files?.[0] ?? null);
            setErrors((was) => withoutErrorOf(was, 'file'));
          }}
        />
        <p class="staff-field__hint" id="rich-image-file-hint">
          {file ? `Chosen: ${file.name}` : 'JPEG, PNG, WebP or SVG.'}
        </p>
        {errors.file && (
          <p class="staff-field__error" id="rich-image-file-error" role="alert">
            {errors.file}
          </p>
        )}
      </div>
      <div class={errors.alt ? 'staff-field staff-field--invalid' : 'staff-field'}>
        <label for="rich-image-alt">Alt text</label>
        <input
          {...described('rich-image-alt', errors.alt, true)}
          required
          ref={altInput}
          value={alt}
          onInput={(event) => {
            setAlt(event.currentTarget.value);
            setErrors((was) => withoutErrorOf(was, 'alt'));
          }}
        />
        <p class="staff-field__hint" id="rich-image-alt-hint">
          Say what the image shows. Screen readers read it aloud to people who cannot see it, and it shows
          when the image does not load.
        </p>
        {errors.alt && (
          <p class="staff-field__error" id="rich-image-alt-error">
            {errors.alt}
          </p>
        )}
      </div>
      <div class="staff-field">
        <label for="rich-image-caption">Caption (optional)</label>
        <input
          id="rich-image-caption"
          value={caption}
          onInput={(event) => setCaption(event.currentTarget.value)}
        />
      </div>
      {busy && <p role="status">Uploading…</p>}
    </RichDialog>
  );
}
