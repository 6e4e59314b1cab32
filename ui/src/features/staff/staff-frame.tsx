import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';

/**
 * The frame of a staff page: one main landmark, the tab's title, and `noindex` for as long as
 * the page is shown (the server also answers these paths with `X-Robots-Tag: noindex`).
 */
export function StaffFrame({ title, children }: { title: string; children: ComponentChildren }) {
  useEffect(() => {
    document.title = `${title} | Staff`;
  }, [title]);
  useEffect(() => {
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
