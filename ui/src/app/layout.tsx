import type { ComponentChildren } from 'preact';
import { Suspense } from 'preact/compat';
import { useEffect, useLayoutEffect } from 'preact/hooks';
import { Outlet } from 'react-router-dom';
import { headerProps } from '@/components/header-props';
import { SiteFooter } from '@/components/site-footer';
import { useCurrentPath } from '@/components/site-link';
import { headerLabels } from '@/content/navigation';
import SiteHeader from '@/islands/site-header';
import { inTaskOfItsOwn } from '@/lib/next-task';
import { edited, fieldOf } from '@/lib/page-fields';
import { sendPageView } from '@/lib/page-views';
import { SharedMarkup } from '@/lib/shared-markup';
import { RouteErrorBoundary } from './error-screen';

/** Every route change starts at the top of the page. */
function ScrollToTop({ pathname }: { pathname: string }) {
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Each page the visitor sees is counted once: the first load and every move after it. */
function PageView({ pathname }: { pathname: string }) {
  // Not with the other effects of the first render: its storage and beacon wait a task.
  useEffect(() => inTaskOfItsOwn(() => sendPageView(pathname)), [pathname]);
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
      <a class="skip-link" href="#main" {...fieldOf('headerLabels.skipLink')}>
        {edited('header', 'headerLabels', headerLabels).skipLink}
      </a>
      <ScrollToTop pathname={pathname} />
      <PageView pathname={pathname} />
      <SharedMarkup name="header">
        <SiteHeader {...headerProps()} />
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
