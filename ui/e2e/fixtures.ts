import { test as base, expect, type Page } from '@playwright/test';
import routeTable from '@/app/route-table.json' with { type: 'json' };
import { blogPath } from '@/lib/blog-path';
import { type Server, startServer } from './servers';

interface PageGuard {
  /** Requests to anything but the server's own origin. */
  outsideRequests: string[];
  /** console.error messages and uncaught page errors. */
  consoleErrors: string[];
  /** Allows console errors matching this pattern (a test that provokes a failed call). */
  allowConsoleError(pattern: RegExp): void;
}

/** The server a test runs against: its address and data dir. */
export interface TestServer {
  url: string;
  dataDir: string;
}

/** A worker's own server, started when its first test asks for it and stopped with the worker. */
class OwnServer {
  private started?: Promise<Server>;
  get(): Promise<Server> {
    this.started ??= startServer('own');
    return this.started;
  }
  async stop(): Promise<void> {
    await (await this.started)?.stop();
  }
}

/** Points the helpers that run the command line or read the data dir at `server`. */
function useEnv(server: TestServer): void {
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
}

/**
 * Every test runs against the server from global-setup, and fails when the page asks
 * anything of another origin or logs an error: the site must work offline and quietly.
 *
 * A test that changes what the server does for everyone (the company's details and the
 * office's time zone, the roles that need a second factor) runs on a server of its own
 * instead: `test.use({ ownServer: true })` in its file or `describe`. That server is its
 * worker's, started on the first such test and shared only with the worker's later ones, which
 * run one at a time, so the tests of the shared server never see those changes, and need no
 * lock to read them.
 */
export const test = base.extend<
  { guard: PageGuard; ownServer: boolean; server: TestServer },
  { ownServerOfWorker: OwnServer }
>({
  ownServer: [false, { option: true }],
  ownServerOfWorker: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const own = new OwnServer();
      await use(own);
      await own.stop();
    },
    { scope: 'worker' },
  ],
  server: async ({ ownServer, ownServerOfWorker }, use) => {
    const { E2E_BASE_URL: url, E2E_DATA_DIR: dataDir } = process.env;
    if (!url || !dataDir) throw new Error('E2E_BASE_URL is not set: global-setup did not start the server');
    const shared = { url, dataDir };
    if (!ownServer) return use(shared);
    const own = await ownServerOfWorker.get();
    useEnv(own);
    try {
      await use(own);
    } finally {
      useEnv(shared);
    }
  },
  // Every page arrives rendered by the server; a test acts once the app has taken it over
  // (typing into the server's form before hydration would be typing into plain HTML).
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const html = response?.headers()['content-type']?.startsWith('text/html') ?? false;
      if (javaScriptEnabled !== false && html) await waitForApp(page);
      return response;
    };
    await use(page);
  },
  baseURL: async ({ server }, use) => use(server.url),
  guard: [
    async ({ page, baseURL }, use) => {
      const origin = new URL(baseURL ?? '').origin;
      const allowed: RegExp[] = [];
      const guard: PageGuard = {
        outsideRequests: [],
        consoleErrors: [],
        allowConsoleError: (pattern) => allowed.push(pattern),
      };
      page.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('data:') || url.startsWith('blob:')) return;
        if (new URL(url).origin !== origin) guard.outsideRequests.push(url);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') guard.consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => guard.consoleErrors.push(error.message));
      await use(guard);
      expect(guard.outsideRequests, 'requests outside the server').toEqual([]);
      const unexpected = guard.consoleErrors.filter((text) => !allowed.some((p) => p.test(text)));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A demo story every new database is seeded with (db/seed/blogs/16-...). */
export const SEEDED_STORY_ID = 'science-labs-for-twelve-government-high-schools-in-mysuru-district';

/**
 * Every public route of the one route table (src/app/route-table.json); a seeded story stands
 * for a story's `:id`. The staff routes (`"private": true`) have their own suite (staff.spec.ts).
 */
export const ROUTES: readonly string[] = routeTable.routes
  .filter((route) => !('private' in route && route.private))
  // A route of an item needs the item: the demo content has stories, and no job posting
  // (a posting's page is jobs.spec.ts's, which publishes one).
  .filter(({ path, page }) => !path.includes(':id') || page === 'blog-detail-page')
  .map(({ path }) => (path.includes(':id') ? blogPath(SEEDED_STORY_ID) : path));

/**
 * The public pages of the links in subscriber mail: `"private"` (never indexed) but inside the
 * public header and footer, unlike the staff's `"bare"` ones.
 */
export const MAIL_LINK_ROUTES: readonly string[] = routeTable.routes
  .filter((route) => 'private' in route && route.private && !('bare' in route && route.bare))
  .map(({ path }) => path);

/** Waits until the browser app has taken over the server-rendered page (hydration done). */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}

/**
 * Opens `path` the way a visitor's click inside the app does: the app shows it from its own
 * API calls (which a test may have routed to fake answers), not from server-rendered HTML.
 * The app runs a page the server does not render (the unsubscribe link's page); a page of
 * islands has no router, and its links load the next page from the server.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto('/blogs/unsubscribe');
  await waitForApp(page);
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** True when the document is wider than the viewport (horizontal scrolling). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/**
 * Holds every request matching `url` until `release()`, counting them: for loading states,
 * busy buttons and double submits. A released request goes on to the server.
 */
export async function holdRequests(page: Page, url: string | ((url: URL) => boolean)) {
  let count = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route(url, async (route) => {
    count++;
    await held;
    await route.fallback();
  });
  return { calls: () => count, release };
}
