import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { test as base, expect } from './fixtures';
import { BINARY } from './servers';

/** Which HTTPS server of https-setup.ts a spec runs against. */
export type Site = 'own-certificate' | 'acme';

/** A response the browser got, as its network stack saw it. */
export interface Exchange {
  method: string;
  url: string;
  status: number;
  /** ALPN's name for the protocol: `h2`, `http/1.1`... */
  protocol: string;
}

interface Wire {
  /** Every response of the page so far (its document, scripts, fetches). */
  exchanges: Exchange[];
  /** The one response to `METHOD url`, waited for. */
  one(method: string, url: string): Promise<Exchange>;
}

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: https-setup.ts did not start the HTTPS servers`);
  return value;
}

/**
 * The plain fixtures (no requests outside the site, no console errors, pages used once the
 * app took over) against an HTTPS server of https-setup.ts, in a Chromium that reaches it
 * by its test name and trusts exactly its certificate's key. Every page of the site that a
 * test opens must have come over HTTP/2: HTTP/1.1 would hide what these tests are for.
 */
export const test = base.extend<{ site: Site; dataDir: string; wire: Wire }>({
  site: ['own-certificate', { option: true }],
  baseURL: async ({ site }, use) => {
    await use(env(site === 'acme' ? 'E2E_ACME_BASE_URL' : 'E2E_TLS_BASE_URL'));
  },
  dataDir: async ({ site }, use) => {
    await use(env(site === 'acme' ? 'E2E_ACME_DATA_DIR' : 'E2E_TLS_DATA_DIR'));
  },
  launchOptions: [
    async ({ launchOptions }, use) => {
      const extra: string[] = JSON.parse(env('E2E_TLS_CHROMIUM_ARGS'));
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...extra] });
    },
    { scope: 'worker' },
  ],
  page: async ({ page, baseURL }, use) => {
    const origin = new URL(baseURL ?? '').origin;
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (new URL(page.url()).origin === origin) await expectHttp2Document(page);
      return response;
    };
    await use(page);
  },
  wire: async ({ page }, use) => {
    const cdp = await page.context().newCDPSession(page);
    const methods = new Map<string, string>();
    const exchanges: Exchange[] = [];
    cdp.on('Network.requestWillBeSent', (event) => methods.set(event.requestId, event.request.method));
    cdp.on('Network.responseReceived', (event) =>
      exchanges.push({
        method: methods.get(event.requestId) ?? '',
        url: event.response.url,
        status: event.response.status,
        protocol: event.response.protocol ?? '',
      }),
    );
    await cdp.send('Network.enable');
    await use({
      exchanges,
      one: async (method, url) => {
        const matching = () => exchanges.filter((e) => e.method === method && e.url === url);
        await expect.poll(() => matching().length, { message: `${method} ${url} answered` }).toBe(1);
        return matching()[0] as Exchange;
      },
    });
    await cdp.detach().catch(() => {});
  },
});

export { expect };

/** The page's document came over HTTP/2, by the browser's own account of it. */
export async function expectHttp2Document(page: Page): Promise<void> {
  const protocol = await page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
        ?.nextHopProtocol,
  );
  expect(protocol, `the protocol of ${page.url()}`).toBe('h2');
}

/** `corpsite ARGS --data-dir DIR`'s stdout: the CLI as the office runs it beside the server. */
export function corpsite(dataDir: string, args: string[], input?: string): string {
  return execFileSync(BINARY, [...args, '--data-dir', dataDir], {
    input,
    env: { ...process.env, RUST_LOG: 'warn' },
    encoding: 'utf8',
  });
}

/** The CSV rows of `corpsite leads export` (or `applicants export`) that mention `text`. */
/** The rows of one list's CSV export (the command line's) that hold `text`. */
export function exportedRows(
  dataDir: string,
  what: 'leads' | 'subscribers' | 'applicants',
  text: string,
): string[] {
  const args = what === 'subscribers' ? ['leads', 'export', '--list', 'subscribers'] : [what, 'export'];
  return corpsite(dataDir, args)
    .split(/\r?\n/)
    .filter((row) => row.includes(text));
}
