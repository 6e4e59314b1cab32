import type { ComponentChildren } from 'preact';

/** A link's page while the server checks the link (a title when the page has one already). */
export function LinkChecking({ title, children }: { title?: string; children: string }) {
  return (
    <div class="staff-card">
      {title && <h1 class="staff-card__title">{title}</h1>}
      <p role="status">{children}</p>
    </div>
  );
}

/** A link's page once the link no longer works (spent, expired, never was): why, and what next. */
export function LinkGone({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <div class="staff-card">
      <h1 class="staff-card__title">{title}</h1>
      {children}
    </div>
  );
}
