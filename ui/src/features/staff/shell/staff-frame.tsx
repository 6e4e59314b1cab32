import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';

/**
 * The frame of a staff page: one main landmark, the tab's title, and `noindex` for as long as
 * the page is shown (the server also answers these paths with `X-Robots-Tag: noindex` and
 * the meta tag in its page).
 */
export function StaffFrame({ title, children }: { title: string; children: ComponentChildren }) {
  useEffect(() => {
    document.title = `${title} | Staff`;
  }, [title]);
  useEffect(() => {
    // The server's answer for a staff path carries one already; add it only when the page
    // was reached by navigating inside the app.
    if (document.head.querySelector('meta[name="robots"]')) return;
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    document.head.append(robots);
    return () => robots.remove();
  }, []);
  return (
    <main id="main" class="staff-shell" tabIndex={-1}>
      {children}
    </main>
  );
}
