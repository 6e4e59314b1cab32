import type { ComponentChildren } from 'preact';

interface SubmitButtonProps {
  /** True while the form is being sent: the button is disabled and shows a spinner. */
  busy: boolean;
  tone: 'primary' | 'accent';
  /** Where the button sits in its form (layout only). */
  class?: string;
  children: ComponentChildren;
}

/** The submit button of every form, with the busy state that keeps a form from being sent twice. */
export function SubmitButton({ busy, tone, class: placement, children }: SubmitButtonProps) {
  const classes = ['action-button', `action-button--${tone}`, placement].filter(Boolean).join(' ');
  return (
    <button type="submit" class={classes} disabled={busy} aria-busy={busy}>
      {busy && <span class="action-button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
