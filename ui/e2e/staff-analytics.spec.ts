import type { Browser, Page } from '@playwright/test';
import { fetchList } from './blog-helpers';
import { expect, test } from './fixtures';
import { expectAxeClean, readyStaff, signIn } from './staff-helpers';

/** A browser as visitors have it: headless Chromium names itself, and robots are not counted. */
const VISITOR =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test.describe.configure({ mode: 'serial' });
// It saves the company's details: a server of its own, so no other spec sees them change.
test.use({ ownServer: true });

/** A visitor's own browser: `userAgent` names it (the same string is the same browser). */
async function visitor(
  browser: Browser,
  baseURL: string,
  userAgent: string,
  headers: Record<string, string> = {},
) {
  const context = await browser.newContext({ baseURL, userAgent, extraHTTPHeaders: headers });
  return { context, page: await context.newPage() };
}

/** Goes to `path` and waits until its page view has left (the beacon is sent once the app runs). */
async function view(page: Page, path: string) {
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/visits'));
  await page.goto(path);
  await sent;
}

test('a visit from a campaign is counted once with its lead, GPC is not, and the office reads both', async ({
  browser,
  page,
  request,
  baseURL,
  guard,
}) => {
  // Two browsers, a lead, the dashboard and a change of the office's zone: more than the
  // default 30 s on a loaded machine (it ran out once in a full run).
  test.setTimeout(90_000);
  // The sign-in page asks for a session first.
  guard.allowConsoleError(/401|Failed to load resource/);
  const base = baseURL ?? '';
  const [first, second] = (await fetchList(request, 1)).data.datas;
  if (!first || !second) throw new Error('the demo stories are missing');

  const userAgent = `${VISITOR} ${Date.now()}`;
  const one = await visitor(browser, base, userAgent);
  await view(one.page, '/?utm_source=linkedin&utm_campaign=launch');
  await view(one.page, `/blogs/detail/${first._id}`);
  await view(one.page, `/blogs/detail/${second._id}`);
  // A move inside the app is a page view too.
  const inApp = one.page.waitForRequest((r) => r.url().endsWith('/api/visits'));
  await one.page.getByRole('link', { name: 'Contact', exact: true }).first().click();
  await inApp;
  const tag = `${Date.now()}`;
  const lead = `Kiran ${tag}`;
  for (const [label, value] of Object.entries({
    Name: lead,
    'Contact Number': '9876543210',
    Email: `kiran.${tag}@example.com`,
    Query: 'Two floors of office space in Whitefield.',
  }))
    await one.page.getByLabel(label, { exact: true }).fill(value);
  const sent = one.page.waitForResponse((r) => r.url().endsWith('/api/clients/create'));
  await one.page.getByRole('button', { name: 'Submit', exact: true }).click();
  const created = await sent;
  expect(created.status()).toBe(201);
  const leadId: string = (await created.json()).data._id;
  await one.context.close();

  const private_ = await visitor(browser, base, `${VISITOR} private`, { 'Sec-GPC': '1' });
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
        return [report.totals, report.leads.campaigns];
      },
      { timeout: 25_000, intervals: [1000] },
    )
    .toEqual([
      { views: 4, visitors: 1, visits: 1 },
      [{ value: 'launch', title: null, leads: 1, visitors: 1 }],
    ]);
  await page.reload();
  const card = (label: string) =>
    page
      .locator('.analytics-card')
      .filter({ has: page.locator('.analytics-card__label').getByText(label, { exact: true }) })
      .locator('strong');
  await expect(card('Visitors')).toHaveText('1');
  await expect(card('Page views')).toHaveText('4');
  // Other leads of the run (the forms' own tests) count here too: a number, and its rate.
  await expect(card('Leads')).toHaveText(/^\d+$/);
  await expect(card('Leads per 100 visitors')).toHaveText(/^[\d.,]+$/);
  await expect(page.getByRole('region', { name: 'Campaigns' }).getByRole('rowheader')).toHaveText(['launch']);
  await expect(page.getByRole('region', { name: 'Sources' }).getByRole('rowheader')).toHaveText(['linkedin']);
  await expect(page.getByRole('region', { name: 'Top stories' }).getByRole('rowheader')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Entry pages' }).getByRole('rowheader')).toHaveText(['/']);
  const byCampaign = page.getByRole('region', { name: 'Leads by campaign' });
  await expect(byCampaign.getByRole('rowheader')).toHaveText(['launch']);
  await expect(byCampaign.getByRole('row').nth(1).getByRole('cell')).toHaveText(['1', '1', '100']);
  // Leads from other tests of the run may have read stories too: both of ours are listed.
  const storiesRead = page.getByRole('region', { name: 'Stories read before a lead' }).getByRole('rowheader');
  for (const title of [first.title, second.title])
    await expect(storiesRead.filter({ hasText: title })).toHaveCount(1);
  await expect(page.getByRole('img', { name: /1 visitors and 4 page views/ })).toBeVisible();
  await expectAxeClean(page, 'analytics');
  await page.screenshot({ path: 'e2e/screenshots/staff-analytics-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('img', { name: /page views/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: 'e2e/screenshots/staff-analytics-390.png', fullPage: true });

  // The lead says where it came from: the campaign, the landing page and both stories.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/staff?list=enquiries&id=${leadId}`);
  const source = page.getByRole('region', { name: 'Where it came from' });
  await expect(source).toContainText('Campaignlinkedin / launch');
  await expect(source).toContainText('Landing page/');
  await expect(source).toContainText('Form page/contact');
  await expect(source.getByRole('listitem')).toHaveText([first.title, second.title]);
  await expectAxeClean(page, 'a lead with its source');
  await page.screenshot({ path: 'e2e/screenshots/staff-lead-source-1440.png', fullPage: true });
  // On a phone the lead's source reads the same, each value under its label.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(source.getByRole('listitem')).toHaveText([first.title, second.title]);
  await source.scrollIntoViewIfNeeded();
  await expectAxeClean(page, 'a lead with its source at 390 px');
  await source.screenshot({ path: 'e2e/screenshots/staff-lead-source-390.png' });

  // A bad period is named beside its field.
  await page.goto('/staff/analytics?from=2026-12-31&to=2026-01-01');
  await expect(page.getByText('The first day comes after the last.')).toBeVisible();

  // The next office day the same browser is a new visitor: the office moves its time zone
  // to one whose date is another, and the day's salt goes with the day.
  const owner = await readyStaff(request, base, 'analytics-owner');
  const office = await browser.newContext({ baseURL: base });
  const ownerPage = await office.newPage();
  await ownerPage.goto('/login?next=%2Fstaff%2Fsettings');
  await signIn(ownerPage, owner);
  await expect(ownerPage.getByRole('heading', { name: 'Company details', level: 1 })).toBeVisible();
  const { csrf_token } = await (await ownerPage.request.get('/api/staff/session')).json();
  const current = (await (await ownerPage.request.get('/api/staff/settings')).json()).data;
  const dayIn = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });
  const nextZone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
    (z) => dayIn(z) !== dayIn(current.time_zone),
  );
  // Other specs save the company's details on the same server meanwhile (a phone, an
  // address): each change of zone is made on the details as they are at that moment, so it
  // never puts back what another spec has just saved.
  const putZone = async (time_zone: string) => {
    const latest = (await (await ownerPage.request.get('/api/staff/settings')).json()).data;
    const saved = await ownerPage.request.put('/api/staff/settings', {
      headers: { Origin: base, 'X-CSRF-Token': csrf_token },
      data: { ...latest, time_zone },
    });
    expect(saved.status()).toBe(200);
  };
  await putZone(nextZone ?? 'Pacific/Kiritimati');
  // Open until the view is counted: a closed context may cancel a beacon still on its way.
  const again = await visitor(browser, base, userAgent);
  try {
    await view(again.page, '/');
    const days = [-2, 2].map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10));
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`/api/staff/analytics?from=${days[0]}&to=${days[1]}`)).json())
            .totals,
        { timeout: 25_000, intervals: [1000] },
      )
      .toEqual({ views: 5, visitors: 2, visits: 2 });
    // The screen's own period, the last 30 days to the office's new today, finds them all:
    // the stored days follow the zone (with a zone behind the old one, the day's visits were
    // missing here until "To" was set to tomorrow).
    await page.goto('/staff/analytics');
    await expect(card('Page views')).toHaveText('5');
    await expect(card('Visitors')).toHaveText('2');
  } finally {
    await again.context.close();
    await putZone(current.time_zone);
    await office.close();
  }
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
