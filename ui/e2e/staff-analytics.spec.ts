import type { Browser, Page } from '@playwright/test';
import { fetchList } from './blog-helpers';
import { expect, test } from './fixtures';
import { expectAxeClean, readyStaff, signIn } from './staff-helpers';

/** A browser as visitors have it: headless Chromium names itself, and robots are not counted. */
const VISITOR =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test.describe.configure({ mode: 'serial' });

async function visitor(browser: Browser, baseURL: string, headers: Record<string, string> = {}) {
  const context = await browser.newContext({
    baseURL,
    userAgent: `${VISITOR} ${Date.now()}`,
    extraHTTPHeaders: headers,
  });
  return { context, page: await context.newPage() };
}

/** Goes to `path` and waits until its page view has left (the beacon is sent once the app runs). */
async function view(page: Page, path: string) {
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/visits'));
  await page.goto(path);
  await sent;
}

test('a visit from a campaign is counted once, GPC is not, and the office reads it at /staff/analytics', async ({
  browser,
  page,
  request,
  baseURL,
  guard,
}) => {
  // The sign-in page asks for a session first.
  guard.allowConsoleError(/401|Failed to load resource/);
  const base = baseURL ?? '';
  const [first, second] = (await fetchList(request, 1)).data.datas;
  if (!first || !second) throw new Error('the demo stories are missing');

  const one = await visitor(browser, base);
  await view(one.page, '/?utm_source=linkedin&utm_campaign=launch');
  await view(one.page, `/blogs/detail/${first._id}`);
  await view(one.page, `/blogs/detail/${second._id}`);
  // A move inside the app is a page view too.
  const inApp = one.page.waitForRequest((r) => r.url().endsWith('/api/visits'));
  await one.page.getByRole('link', { name: 'Contact', exact: true }).first().click();
  await inApp;
  await one.context.close();

  const private_ = await visitor(browser, base, { 'Sec-GPC': '1' });
  await view(private_.page, '/contact');
  await private_.context.close();

  const email = await readyStaff(request, base, 'analytics', ['sales']);
  await page.goto('/login?next=%2Fstaff%2Fanalytics');
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  // The roll-ups are brought up to date every ten seconds.
  await expect
    .poll(
      async () => {
        const report = await (await page.request.get('/api/staff/analytics')).json();
        return report.totals;
      },
      { timeout: 25_000, intervals: [1000] },
    )
    .toEqual({ views: 4, visitors: 1, visits: 1 });
  await page.reload();
  const cards = page.locator('.analytics-card');
  await expect(cards.filter({ hasText: 'Visitors' }).locator('strong')).toHaveText('1');
  await expect(cards.filter({ hasText: 'Page views' }).locator('strong')).toHaveText('4');
  await expect(page.getByRole('region', { name: 'Campaigns' }).getByRole('rowheader')).toHaveText(['launch']);
  await expect(page.getByRole('region', { name: 'Sources' }).getByRole('rowheader')).toHaveText(['linkedin']);
  await expect(page.getByRole('region', { name: 'Top stories' }).getByRole('rowheader')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Entry pages' }).getByRole('rowheader')).toHaveText(['/']);
  await expect(page.getByRole('img', { name: /1 visitors and 4 page views/ })).toBeVisible();
  await expectAxeClean(page, 'analytics');
  await page.screenshot({ path: 'e2e/screenshots/staff-analytics-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('img', { name: /page views/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: 'e2e/screenshots/staff-analytics-390.png', fullPage: true });

  // A bad period is named beside its field.
  await page.goto('/staff/analytics?from=2026-12-31&to=2026-01-01');
  await expect(page.getByText('The first day comes after the last.')).toBeVisible();
});

test('a role without the analytics area does not see the screen', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(/401|403|Failed to load resource/);
  const email = await readyStaff(request, baseURL ?? '', 'analytics-recruiter', ['recruiter']);
  await page.goto('/login?next=%2Fstaff%2Fanalytics');
  await signIn(page, email);
  await expect(page.getByRole('link', { name: 'Analytics' })).toHaveCount(0);
  expect((await page.request.get('/api/staff/analytics')).status()).toBe(403);
});
