import type { ComponentChildren } from 'preact';
import { Suspense } from 'preact/compat';
import { useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from './error-screen';

/** The frame of the staff pages: no public header or footer, one main landmark. */
export function StaffShell({ children }: { children: ComponentChildren }) {
  const { pathname } = useLocation();
  return (
    <main id="main" class="staff-shell" tabIndex={-1}>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<p role="status">Loading…</p>}>{children}</Suspense>
      </RouteErrorBoundary>
    </main>
  );
}
