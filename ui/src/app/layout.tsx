import type { ComponentChildren } from 'preact';
import { Suspense } from 'preact/compat';
import { useLayoutEffect } from 'preact/hooks';
import { Outlet } from 'react-router-dom';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { useCurrentPath } from '@/components/site-link';
import { SharedMarkup } from '@/lib/shared-markup';
import { RouteErrorBoundary } from './error-screen';

/** Every route change starts at the top of the page. */
function ScrollToTop({ pathname }: { pathname: string }) {
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function PageLoading() {
  return (
    <div class="page-loading" role="status" aria-live="polite">
      <span class="page-loading__bar" />
      <span class="visually-hidden">Loading…</span>
    </div>
  );
}

export function Layout({ children }: { children?: ComponentChildren }) {
  const pathname = useCurrentPath();
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop pathname={pathname} />
      <SharedMarkup name="header">
        <SiteHeader />
      </SharedMarkup>
      <main id="main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
        </RouteErrorBoundary>
      </main>
      <SharedMarkup name="footer">
        <SiteFooter />
      </SharedMarkup>
    </>
  );
}
