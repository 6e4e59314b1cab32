import type { Ref } from 'preact';

/** The field the server reads as a bot trap: people never see it, bots fill it in. */
export const HONEYPOT_FIELD = 'website';

/** Hidden from sight, from screen readers and from the tab order; autofill leaves it alone. */
export function HoneypotField({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  return (
    <div class="honeypot" aria-hidden="true">
      <label>
        Leave this field empty
        <input ref={inputRef} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
