import { hydrate, render } from 'preact';
import { BrowserRouter } from 'react-router-dom';
import { startAnimateOnScroll } from '@/lib/animate-on-scroll';
import { api } from '@/lib/api-client';
import type { CompanyDetailsBody } from '@/lib/api-types';
import { provideCompanyDetails } from '@/lib/company-details';
import { hydrateInParts } from '@/lib/hydrate-later';
import { inTaskOfItsOwn, nextTask } from '@/lib/next-task';
import { Site } from './app';
import { preloadPage } from './routes';
import '@/styles/base.css';
import '@/styles/site.css';

const root = document.getElementById('root');

async function start(container: HTMLElement) {
  const app = (
    <BrowserRouter>
      <Site />
    </BrowserRouter>
  );
  // The server rendered the page: take over its markup. Its chunk loads first, so the first
  // render matches the server's and no loading fallback replaces it.
  if (container.firstElementChild) {
    await preloadPage(location.pathname).catch(() => {});
    // The modules' evaluation, the first screen's hydration and each later part's (the
    // sections below it, the footer) in tasks of their own, not one long one.
    await nextTask();
    await hydrateInParts(() => hydrate(app, container));
  } else {
    // No server markup (a staff page, or a render that failed). The staff's forms ask before
    // they are left with changes not saved: the guard goes in before the router listens to
    // Back, so that it is asked first. It loads only here: the public pages, rendered by the
    // server, have no form to guard and do not carry it.
    await import('@/lib/leave-guard').then((guard) => guard.startLeaveGuard()).catch(() => {});
    // The company's details the footer and pages show come from the API first.
    try {
      provideCompanyDetails((await api.get<CompanyDetailsBody>('corp_website/site')).body.data);
    } catch {
      // The pages still work; only the details are missing.
    }
    render(app, container);
  }
  // The app runs the page from here on (browser tests wait for this).
  document.documentElement.dataset.app = 'ready';
  inTaskOfItsOwn(() => startAnimateOnScroll());
}

if (root) void start(root);
