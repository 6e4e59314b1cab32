import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from './axe-check';
import { expect, hasHorizontalScroll, test } from './fixtures';
import { mailsTo } from './mail-helpers';
import { startServer } from './servers';
import {
  expectAxeClean,
  formProof,
  giveCodeByKeyboard,
  postEnquiry,
  readyStaff,
  signIn,
  tabTo,
} from './staff-helpers';

/** Where the screenshots go, to be looked at: e2e/screenshots/ (gitignored), or SHOTS_DIR. */
const SHOTS = process.env.SHOTS_DIR ?? fileURLToPath(new URL('./screenshots/', import.meta.url));

const SIGNED_OUT = /401|Failed to load resource/;

test.describe.configure({ mode: 'serial' });

/** Takes every lead rule away again through the API: other specs' lead mails go where
 * --notify-to (here: the From address) says. */
async function clearRoutes(page: Page, baseURL: string) {
  const session = await page.request.get('/api/staff/session');
  if (session.status() !== 200) return;
  const { csrf_token } = await session.json();
  const cleared = await page.request.put('/api/staff/mail/routes', {
    headers: { Origin: baseURL, 'X-CSRF-Token': csrf_token },
    data: { rules: [] },
  });
  expect(cleared.status()).toBe(200);
}

test('an owner sends a test mail and sets who gets which lead, with the keyboard alone, axe clean', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const email = await readyStaff(request, baseURL ?? '', 'mail-keys');
  await page.goto('/login?next=%2Fstaff%2Fmail');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('the office passphrase 2025');
  await page.keyboard.press('Enter');
  await giveCodeByKeyboard(page, email);
  await expect(page.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mail' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Mail goes out through')).toContainText('smtp://127.0.0.1:');
  await expect(page.getByText(/While no rule is set here, the server’s --notify-to decides/)).toContainText(
    'hello@corp.example.com',
  );
  await page.waitForLoadState('networkidle');
  expect(await seriousAxeViolations(page)).toEqual([]);

  try {
    // A test mail: a bad address is named at its field and keeps the focus; then one's own.
    const to = page.getByLabel('Send it to');
    await tabTo(page, to);
    await expect(to).toHaveValue(email);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('not an address');
    await page.keyboard.press('Enter');
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(to).toBeFocused();
    await expect(page.locator('#mail-test-to-error')).toContainText('email address');
    await page.keyboard.press('Control+a');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(page.getByText(`A test mail to ${email} is queued`)).toBeVisible();
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
    const [mail = ''] = mailsTo(email);
    expect(mail).toMatch(/^Subject: Test mail from Fidelitus Corp/m);
    expect(mail).toContain('asked for by Front Office in the browser');
    // The screen looks again by itself and shows what became of it.
    const tests = page.getByRole('list', { name: 'Latest test mails' });
    await expect(tests.getByRole('listitem').first()).toContainText('Sent: the relay took it', {
      timeout: 10_000,
    });

    // A rule: enquiries for one department go to its own address, from the next lead on.
    const add = page.getByRole('button', { name: 'Add a rule' });
    await tabTo(page, add, 200);
    await page.keyboard.press('Enter');
    const kind = page.locator('#mail-rules-0-kind');
    await expect(kind).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('#mail-rules-0-department')).toBeFocused();
    // The departments offered: the site's own forms' and those leads have named.
    for (const offered of ['Corp Team', 'Corp Careers']) {
      await expect(page.locator(`#mail-departments option[value="${offered}"]`)).toHaveCount(1);
    }
    const department = `Corp Team ${Date.now()}`;
    await page.keyboard.type(department);
    await page.keyboard.press('Tab');
    await expect(page.locator('#mail-rules-0-recipients')).toBeFocused();
    await page.keyboard.type('team@corp.example, nobody');
    const save = page.getByRole('button', { name: 'Save rules' });
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    const recipients = page.locator('#mail-rules-0-recipients');
    await expect(recipients).toBeFocused();
    await expect(recipients).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#mail-rules-0-recipients-error')).toContainText(
      'Rule 1: not an email address: nobody',
    );
    await page.keyboard.press('Control+a');
    await page.keyboard.type('team@corp.example');
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Saved: the rules count from the next lead mail on.')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const lead = await page.request.post('/api/clients/create', {
      headers: await formProof(page.request, 'enquiry'),
      data: {
        name: 'Routed Visitor',
        email: 'visitor@example.com',
        mobile: '+91 98450 12345',
        requirment: 'Office space, please.',
        department_website: department,
      },
    });
    expect(lead.status()).toBe(201);
    await expect
      .poll(() => mailsTo('team@corp.example').filter((raw) => raw.includes('Routed Visitor')).length, {
        timeout: 10_000,
      })
      .toBe(1);

    // Removing the rule gives the focus back to "Add a rule".
    await page.getByRole('button', { name: 'Remove rule 1' }).focus();
    await page.keyboard.press('Enter');
    await expect(add).toBeFocused();
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Saved: no rule is set')).toBeVisible();
  } finally {
    await clearRoutes(page, baseURL ?? '');
  }
});

for (const width of [390, 1440]) {
  test(`the mail screen fits ${width} px without scrolling sideways`, async ({
    page,
    request,
    baseURL,
    guard,
  }, info) => {
    guard.allowConsoleError(SIGNED_OUT);
    await page.setViewportSize({ width, height: 900 });
    const email = await readyStaff(request, baseURL ?? '', `mail-w${width}`);
    await postEnquiry(request, 'Screen Visitor');
    await page.goto('/login?next=%2Fstaff%2Fmail');
    await signIn(page, email);
    await expect(page.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Send test mail' }).click();
    await expect(page.getByText(/A test mail to .* is queued/)).toBeVisible();
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await page.locator('#mail-rules-0-recipients').fill('not an address');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.locator('#mail-rules-0-recipients-error')).toBeVisible();
    const newest = page.getByRole('list', { name: 'Latest test mails' }).getByRole('listitem').first();
    await expect(newest).toContainText('Sent', {
      timeout: 10_000,
    });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: info.outputPath(`mail-${width}.png`), fullPage: true });
  });
}

test('the mail screen flags a --notify-to address no account has, until rules cover its leads', async ({
  browser,
  playwright,
}) => {
  test.slow();
  // A server of its own: the shared one has no --notify-to.
  const server = await startServer('notify-to', ['--notify-to', 'Corp Careers=gone@corp.example']);
  const api = await playwright.request.newContext({ baseURL: server.url });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const owner = await readyStaff(api, server.url, 'strangers', [], 'Front Office', server.dataDir);
    const page = await context.newPage();
    await page.goto('/login?next=%2Fstaff%2Fmail');
    await signIn(page, owner);
    await expect(page.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible();
    const warning = page.locator('#mail-strangers');
    await expect(warning).toHaveText(
      'The server’s --notify-to sends lead mail to gone@corp.example, which belongs to no account on the team. Add a rule here for those leads, or change --notify-to on the server.',
    );
    await expect(warning).toHaveAttribute('role', 'alert');
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAxeClean(page, `the mail screen's warning at ${width} px`);
      expect(await hasHorizontalScroll(page), 'sideways scrolling').toBe(false);
      await page.screenshot({ path: join(SHOTS, `staff-mail-strangers-${width}.png`), fullPage: true });
    }

    // Rules for that department's leads: the flag sends it nothing, the warning goes.
    const { csrf_token } = await (await page.request.get('/api/staff/session')).json();
    const set = await page.request.put('/api/staff/mail/routes', {
      headers: { Origin: server.url, 'X-CSRF-Token': csrf_token },
      data: {
        rules: ['enquiry', 'applicant'].map((kind) => ({
          kind,
          department: 'Corp Careers',
          recipients: [owner],
        })),
      },
    });
    expect(set.status(), await set.text()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible();
    await expect(page.locator('#mail-rules-1-recipients')).toHaveValue(owner);
    await expect(warning).toHaveCount(0);
  } finally {
    await context.close();
    await api.dispose();
    await server.stop();
  }
});
