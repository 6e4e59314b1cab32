import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from './axe-check';
import { expect, hasHorizontalScroll, test, waitForApp } from './fixtures';
import { giveCodeByKeyboard, readyStaff, signIn } from './staff-helpers';

/** The demo details the site starts with; every test puts them back, since the worker's later
 * tests on the same server read its pages. */
const DEMO = JSON.parse(
  readFileSync(new URL('../src/content/company-details.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

const SIGNED_OUT = /401|Failed to load resource/;

test.describe.configure({ mode: 'serial' });
// It saves the company's details: a server of its own, so no other spec sees them change.
test.use({ ownServer: true });

async function openSettings(page: Page, email: string) {
  await page.goto('/login?next=%2Fstaff%2Fsettings');
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Company details', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Phone', { exact: true })).toBeVisible();
}

/** Puts the demo details back through the API, as the signed-in page's own session. */
async function restoreDemo(page: Page, baseURL: string) {
  const session = await page.request.get('/api/staff/session');
  const { csrf_token } = await session.json();
  const restored = await page.request.put('/api/staff/settings', {
    headers: { Origin: baseURL, 'X-CSRF-Token': csrf_token },
    data: DEMO,
  });
  expect(restored.status()).toBe(200);
}

function uniquePhone(): string {
  const n = String(Date.now() % 100_000_000).padStart(8, '0');
  return `+91 80 ${n.slice(0, 4)} ${n.slice(4)}`;
}

test('edited company details show in the footer and on /contact, with and without JavaScript', async ({
  page,
  browser,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const email = await readyStaff(request, baseURL ?? '', 'settings');
  await openSettings(page, email);
  // Until the first save the screen says the site shows the demo details (another spec may
  // have saved them already: the note follows what the server says).
  const { demo } = await (await page.request.get('/api/staff/settings')).json();
  if (demo) await expect(page.getByRole('note')).toContainText('Demo details');
  else await expect(page.getByRole('note')).toHaveCount(0);
  const phone = uniquePhone();
  const street = `${Date.now() % 1000} Cubbon Road`;
  try {
    // A bad value first: named next to its field, focused, and nothing saved.
    await page.getByLabel('Phone', { exact: true }).fill('call the office');
    await page.getByRole('button', { name: 'Save company details' }).click();
    const phoneField = page.getByLabel('Phone', { exact: true });
    await expect(phoneField).toHaveAttribute('aria-invalid', 'true');
    await expect(phoneField).toBeFocused();
    await expect(page.locator('#set-phone-error')).toContainText('phone number');
    // The toast names the field as its label reads, never the API's key for it.
    await expect(page.locator('.toast--error')).toHaveText(/^Please check Phone\./);
    // Nothing was saved: the note (when the details were the demo ones) is still there.
    if (demo) await expect(page.getByRole('note')).toContainText('Demo details');

    // Fixing the field takes its message away at once, before saving again.
    await phoneField.fill(phone);
    await expect(phoneField).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#set-phone-error')).toHaveCount(0);
    await page
      .getByLabel('Head office address')
      .fill(`Fidelitus Corp, 2nd Floor\n${street}\nBengaluru 560001`);
    await page.getByRole('button', { name: 'Save company details' }).click();
    await expect(page.getByText('Company details saved.')).toBeVisible();
    await expect(phoneField).not.toHaveAttribute('aria-invalid', 'true');
    // On the office's clock, saying which.
    await expect(page.getByText(/Last saved \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST by /)).toBeVisible();

    // Shown without a restart: the server re-reads the content version every 0.1 s.
    await expect
      .poll(async () => (await (await page.request.get('/api/corp_website/site')).json()).data.phone, {
        timeout: 5000,
      })
      .toBe(phone);
    await page.goto('/contact');
    await waitForApp(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: phone })).toHaveAttribute(
      'href',
      `tel:${phone.replace(/ /g, '')}`,
    );
    await expect(footer).toContainText(street);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: phone })).toBeVisible();
    await expect(main).toContainText(street);

    // The server's own HTML, no script: the same details.
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const plain = await noScript.newPage();
    await plain.goto('/contact');
    await expect(plain.getByRole('contentinfo')).toContainText(phone);
    await expect(plain.getByRole('main')).toContainText(street);
    await plain.goto('/why-us');
    await expect(plain.getByRole('contentinfo')).toContainText(phone);
    await noScript.close();
  } finally {
    await restoreDemo(page, baseURL ?? '');
  }
});

test('the settings screen works with the keyboard alone and is axe clean', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const email = await readyStaff(request, baseURL ?? '', 'settings-keys');
  await page.goto('/login?next=%2Fstaff%2Fsettings');
  // The sign-in form is drawn in the browser (the staff's pages are never rendered on the
  // server): a Tab before it is there would land on the page itself.
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('the office passphrase 2025');
  await page.keyboard.press('Enter');
  await giveCodeByKeyboard(page, email);
  await expect(page.getByRole('heading', { name: 'Company details', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousAxeViolations(page)).toEqual([]);

  const tabTo = async (target: import('@playwright/test').Locator, most = 80) => {
    for (let i = 0; i < most && !(await target.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(target).toBeFocused();
  };
  try {
    // The staff nav leads back to the inbox, and is reached first.
    await tabTo(page.getByRole('link', { name: 'Inbox' }));
    const phone = page.getByLabel('Phone', { exact: true });
    await tabTo(phone);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('+91 80 5555 0101');

    // Add a branch: focus lands in its first field; remove it: focus returns to Add.
    const add = page.getByRole('button', { name: 'Add branch' });
    await tabTo(add, 200);
    await page.keyboard.press('Enter');
    const newCity = page.locator('#set-branches-11-city');
    await expect(newCity).toBeFocused();
    await page.keyboard.type('Mangaluru');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1st Floor, Sample Plaza, Hampankatta, Mangaluru 575001');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Remove branch 12' })).toBeFocused();

    const save = page.getByRole('button', { name: 'Save company details' });
    await tabTo(save, 400);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Company details saved.')).toBeVisible();
    // The public read follows the content version, which the server re-reads every 0.1 s.
    const publicDetails = async () => (await (await page.request.get('/api/corp_website/site')).json()).data;
    await expect.poll(async () => (await publicDetails()).phone, { timeout: 5000 }).toBe('+91 80 5555 0101');
    expect((await publicDetails()).branches.at(-1).city).toBe('Mangaluru');

    await page.getByRole('button', { name: 'Remove branch 12' }).focus();
    await page.keyboard.press('Enter');
    await expect(add).toBeFocused();
    expect(await seriousAxeViolations(page)).toEqual([]);
  } finally {
    await restoreDemo(page, baseURL ?? '');
  }
});

for (const width of [390, 1440]) {
  test(`the settings screen fits ${width} px without scrolling sideways`, async ({
    page,
    request,
    baseURL,
    guard,
  }, info) => {
    guard.allowConsoleError(SIGNED_OUT);
    await page.setViewportSize({ width, height: 900 });
    const email = await readyStaff(request, baseURL ?? '', `settings-w${width}`);
    await openSettings(page, email);
    await page.getByLabel('Email', { exact: true }).fill('not an email');
    await page.getByRole('button', { name: 'Save company details' }).click();
    await expect(page.locator('#set-email-error')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: info.outputPath(`settings-${width}.png`) });
    await page.locator('#settings-leaders-title').scrollIntoViewIfNeeded();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: info.outputPath(`settings-leaders-${width}.png`) });
  });
}
