import { render } from 'preact';
import { BrowserRouter } from 'react-router-dom';
import { startAnimateOnScroll } from '@/lib/animate-on-scroll';
import { api } from '@/lib/api-client';
import type { CompanyDetailsBody } from '@/lib/api-types';
import { provideCompanyDetails } from '@/lib/company-details';
import { inTaskOfItsOwn } from '@/lib/next-task';
import { Site } from './app';
import '@/styles/base.css';
import '@/styles/site.css';

const root = document.getElementById('root');

async function start(container: HTMLElement) {
  const app = (
    <BrowserRouter>
      <Site />
    </BrowserRouter>
  );
  // The app runs the pages the server does not render (the staff's, the subscriber links',
  // a render that failed); a page it renders runs its islands instead (islands.ts). The
  // staff's forms ask before they are left with changes not saved: the guard goes in before
  // the router listens to Back, so that it is asked first.
  await import('@/lib/leave-guard').then((guard) => guard.startLeaveGuard()).catch(() => {});
  // The company's details the footer and pages show come from the API first.
  try {
    provideCompanyDetails((await api.get<CompanyDetailsBody>('corp_website/site')).body.data);
  } catch {
    // The pages still work; only the details are missing.
  }
  // A render that failed sent the plain shell: its root is empty or holds the shell's note.
  render(app, container);
  // The app runs the page from here on (browser tests wait for this).
  document.documentElement.dataset.app = 'ready';
  inTaskOfItsOwn(() => startAnimateOnScroll());
}

if (root) void start(root);
