import type { Ref } from 'preact';
import { errorId } from '@/components/form-field';
import { Icon } from '@/components/icon';
import { careersWords } from './careers-words';

interface FilePickerProps {
  id: string;
  label: string;
  file: File | null;
  error?: string;
  inputRef: Ref<HTMLInputElement>;
  onChoose: (file: File | null) => void;
  onRemove: () => void;
}

/** The resume picker: a large drop-style target, then the chosen file's name with a remove control. */
export function FilePicker({ id, label, file, error, inputRef, onChoose, onRemove }: FilePickerProps) {
  const { uploadHint, uploadTypesHint, uploadAccept, removeFileLabel } = careersWords().form;
  const hintId = `${id}-hint`;
  const describedBy = error ? `${hintId} ${errorId(id)}` : hintId;
  return (
    <div class={error ? 'field field--invalid' : 'field'}>
      <span class="field__label" id={`${id}-label`}>
        {label}
      </span>
      <label class={file ? 'file-picker file-picker--chosen' : 'file-picker'} for={id}>
        <input
          ref={inputRef}
          id={id}
          name="file"
          type="file"
          class="file-picker__input"
          accept={uploadAccept}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error ? 'true' : undefined}
          onChange={(event) => onChoose((event.currentTarget as HTMLInputElement).files?.[0] ?? null)}
        />
        <Icon name="upload" size={28} class="file-picker__icon" />
        <span id={hintId} class="file-picker__hints">
          <span class="file-picker__hint">{uploadHint}</span>
          <span class="file-picker__types">{uploadTypesHint}</span>
        </span>
      </label>
      {file && (
        <p class="file-picker__chosen">
          <span class="file-picker__name">{file.name}</span>
          <button
            type="button"
            class="file-picker__remove"
            onClick={onRemove}
            aria-label={`${removeFileLabel} ${file.name}`}
          >
            <Icon name="x" size={18} />
          </button>
        </p>
      )}
      {error && (
        <p class="field__error" id={errorId(id)}>
          {error}
        </p>
      )}
    </div>
  );
}
