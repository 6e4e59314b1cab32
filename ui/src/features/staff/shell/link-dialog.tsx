import { useState } from 'preact/hooks';
import { described } from './labelled-field';
import { RichDialog } from './rich-dialog';
import { safeHref } from './rich-normalize';

interface LinkDialogProps {
  open: boolean;
  /** No words are selected: the dialog asks for the link's words too. */
  askText: boolean;
  onClose: () => void;
  onLink: (href: string, text: string) => void;
}

/** Ctrl+K's dialog: where the link goes (required) and, with nothing selected, its words. */
export function LinkDialog({ open, askText, onClose, onLink }: LinkDialogProps) {
  const [href, setHref] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const close = () => {
    setHref('');
    setText('');
    setError('');
    onClose();
  };
  return (
    <RichDialog
      open={open}
      id="rich-link-title"
      title="Add a link"
      submit="Add link"
      onClose={close}
      onSubmit={() => {
        const safe = safeHref(href);
        if (!safe) {
          setError(
            href.trim()
              ? 'Use an address starting with https://, http:// or mailto:, or a path on this site such as /contact.'
              : 'Enter where the link goes.',
          );
          return;
        }
        onLink(safe, text.trim());
        setHref('');
        setText('');
        setError('');
      }}
    >
      <div class={error ? 'staff-field staff-field--invalid' : 'staff-field'}>
        <label for="rich-link-href">Address</label>
        <input
          {...described('rich-link-href', error, true)}
          type="url"
          required
          value={href}
          onInput={(event) => {
            setHref(event.currentTarget.value);
            setError('');
          }}
        />
        <p class="staff-field__hint" id="rich-link-href-hint">
          https://…, mailto:… or a path on this site such as /contact.
        </p>
        {error && (
          <p class="staff-field__error" id="rich-link-href-error">
            {error}
          </p>
        )}
      </div>
      {askText && (
        <div class="staff-field">
          <label for="rich-link-text">Link text (optional)</label>
          <input id="rich-link-text" value={text} onInput={(event) => setText(event.currentTarget.value)} />
        </div>
      )}
    </RichDialog>
  );
}
