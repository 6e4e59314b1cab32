/** How long a disabled opener is waited for to take the focus back. */
const ENABLED_WAIT_MS = 30_000;

/**
 * Focuses `target`, or, while it is disabled (the button that opened the dialog stays busy
 * until what it asked for is done), as soon as it is enabled again, unless the focus has gone
 * somewhere meanwhile: a disabled button cannot take the focus, which would be lost.
 */
export function focusOnceEnabled(target: HTMLElement): void {
  if (!(target as HTMLButtonElement).disabled) {
    target.focus?.();
    return;
  }
  const observer = new MutationObserver(() => {
    if ((target as HTMLButtonElement).disabled) return;
    observer.disconnect();
    const now = document.activeElement;
    if (now === null || now === document.body) target.focus();
  });
  observer.observe(target, { attributes: true, attributeFilter: ['disabled'] });
  setTimeout(() => observer.disconnect(), ENABLED_WAIT_MS);
}
