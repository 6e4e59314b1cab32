import type { ComponentChildren } from 'preact';

/** A failure's words, read out as they appear (`role="alert"`); nothing while there are none. */
export function StaffAlert({ message, id }: { message: string; id?: string }) {
  if (!message) return null;
  return (
    <p class="staff-alert" id={id} role="alert">
      {message}
    </p>
  );
}

/** What a success says, in a line that stays in the page so that each change is read out. */
export function SaidLine({ class: className, message }: { class: string; message: string }) {
  return (
    <p class={className} role="status">
      {message}
    </p>
  );
}

interface SubmitButtonProps {
  busy: boolean;
  /** What it says while the call is out (`Saving…`); its own words when not given. */
  busyLabel?: string;
  /** The form's main action (the default), or one of several. */
  primary?: boolean;
  children: ComponentChildren;
}

/** A form's submit button, held while its call is out so that a slow server gets one call. */
export function SubmitButton({ busy, busyLabel, primary = true, children }: SubmitButtonProps) {
  return (
    <button
      class={primary ? 'staff-button staff-button--primary' : 'staff-button'}
      type="submit"
      disabled={busy}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
