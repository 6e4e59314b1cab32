import { expect, hasHorizontalScroll, test } from './fixtures';
import { linkIn, mailsTo } from './mail-helpers';
import { expectAxeClean, giveCodeByKeyboard, PASSWORD, readyStaff, signIn, tabTo } from './staff-helpers';

/** Failed calls are logged: a staff screen without a session, a link that no longer works. */
const EXPECTED_FAILURES = /401|410|Failed to load resource/;
const SENT =
  'If this address has an account, a link to choose a new password is on its way. It works for 1 hour.';

test('a forgotten password, end to end, with the keyboard only', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(EXPECTED_FAILURES);
  const email = await readyStaff(request, baseURL ?? '', 'forgot');
  // A session elsewhere, which the reset ends.
  const elsewhere = await request.post('/api/staff/login', {
    headers: { Origin: baseURL ?? '' },
    data: { email, password: PASSWORD },
  });
  expect(elsewhere.status()).toBe(200);

  await page.goto('/login');
  await tabTo(page, page.getByRole('button', { name: 'Forgot your password?' }));
  await page.keyboard.press('Enter');
  const title = page.getByRole('heading', { level: 1, name: 'Forgot your password?' });
  await expect(title).toBeFocused();
  await expectAxeClean(page, 'forgot form');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();

  await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
  const [mail = ''] = mailsTo(email);
  expect(mail).toMatch(/^Subject: Choose a new password/m);
  const link = linkIn(mail, '/staff/reset?token=');

  await page.goto(new URL(new URL(link).pathname + new URL(link).search, baseURL).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expectAxeClean(page, 'reset form');
  const field = page.getByLabel('New password');
  await tabTo(page, field);
  await page.keyboard.type('a passphrase chosen by mail');
  const show = page.getByRole('button', { name: 'Show password' });
  await tabTo(page, show);
  await page.keyboard.press('Space');
  await expect(show).toHaveAttribute('aria-pressed', 'true');
  await expect(field).toHaveAttribute('type', 'text');
  await expect(field).toHaveAttribute('autocomplete', 'new-password');
  await tabTo(page, page.getByRole('button', { name: 'Save and sign in' }));
  await page.keyboard.press('Enter');
  // The account has a second factor: a new password does not stand in for it.
  await giveCodeByKeyboard(page, email);
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByText(/Signed in as/)).toBeVisible();

  // Every other session ended; the link works once.
  expect((await request.get('/api/staff/session')).status()).toBe(401);
  await page.goto(new URL(new URL(link).pathname + new URL(link).search, baseURL).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByText('This link has expired or was already used.')).toBeVisible();
  await expectAxeClean(page, 'used link');
});

test("my account lists my sessions and ends one; an owner sees everyone's", async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(EXPECTED_FAILURES);
  const email = await readyStaff(request, baseURL ?? '', 'sessions');
  const other = await request.post('/api/staff/login', {
    headers: {
      Origin: baseURL ?? '',
      'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    },
    data: { email, password: PASSWORD },
  });
  expect(other.status()).toBe(200);

  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/staff$/);
  await page.getByRole('link', { name: 'My account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  const mine = page.getByRole('table', { name: 'Your sessions, most recently used first' });
  await expect(mine.getByRole('row')).toHaveCount(3);
  await expect(mine.getByText('This browser')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: "Everyone's sessions" })).toBeVisible();
  await expectAxeClean(page, 'my account');

  const end = mine.getByRole('button', { name: /^End the session in Firefox on Windows/ });
  await end.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The session in Firefox on Windows has ended.')).toBeVisible();
  await expect(mine.getByRole('row')).toHaveCount(2);
  expect((await request.get('/api/staff/session')).status()).toBe(401);
});

test('the audit log filters by person and action and shows names', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(EXPECTED_FAILURES);
  const email = await readyStaff(request, baseURL ?? '', 'audit');
  const stranger = `stranger-${Date.now()}@corp.example`;
  const failed = await request.post('/api/staff/login', {
    headers: { Origin: baseURL ?? '' },
    data: { email: stranger, password: 'not a password of anyone' },
  });
  expect(failed.status()).toBe(401);

  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/staff$/);
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('status').first()).toHaveText(/Entries: \d+/);
  // The person signed in is shown by name.
  await expect(page.getByRole('cell', { name: 'Front Office' }).first()).toBeVisible();
  await expectAxeClean(page, 'audit log');

  await page.getByLabel('Person').selectOption(stranger);
  await page.getByLabel('Action').selectOption('sign-in failed');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/action=sign-in\+failed/);
  await expect(page.getByRole('status').first()).toHaveText(/^Entries: 1 ·/);
  const rows = page.getByRole('table', { name: 'The audit log, newest first' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(stranger);
  await expect(rows.nth(1)).toContainText('sign-in failed');
  const csv = page.getByRole('link', { name: 'Export CSV' });
  await expect(csv).toHaveAttribute('href', /audit\.csv\?actor=.*action=sign-in/);
});

test('my account shows its recent activity: a wrong password typed with my address, then my sign-in', async ({
  page,
  request,
  baseURL,
  guard,
}, info) => {
  guard.allowConsoleError(EXPECTED_FAILURES);
  const email = await readyStaff(request, baseURL ?? '', 'activity');
  const wrong = await request.post('/api/staff/login', {
    headers: { Origin: baseURL ?? '' },
    data: { email, password: 'not my password at all' },
  });
  expect(wrong.status()).toBe(401);
  await page.goto('/login?next=%2Fstaff%2Faccount');
  await signIn(page, email);
  const activity = page.getByRole('region', { name: 'Recent activity' });
  const rows = activity
    .getByRole('table', { name: 'Recent activity on your account, newest first' })
    .getByRole('row');
  await expect(activity.getByRole('cell', { name: 'signed in', exact: true }).first()).toBeVisible();
  // Newest first: the second factor given, this sign-in, then the wrong try before it (and the
  // set-up's own sign-in further down).
  const actions = await rows.getByRole('cell').and(page.locator('[data-label="Action"]')).allInnerTexts();
  const signedIn = actions.indexOf('signed in');
  expect(actions.indexOf('gave second factor')).toBeLessThan(signedIn);
  expect(actions.indexOf('sign-in failed')).toBeGreaterThan(signedIn);
  await expectAxeClean(page, 'my account with its activity');
  await activity.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('account-activity.png'), fullPage: true });
  // On a phone each entry is a card whose cells say what they are.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAxeClean(page, 'my account with its activity, on a phone');
  await activity.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('account-activity-phone.png') });
});

for (const width of [390, 1440]) {
  test(`the sign-in's forgot form, my account and the audit log fit ${width} px`, async ({
    page,
    request,
    baseURL,
    guard,
  }, info) => {
    guard.allowConsoleError(EXPECTED_FAILURES);
    await page.setViewportSize({ width, height: 900 });
    const email = await readyStaff(request, baseURL ?? '', `account-w${width}`);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: info.outputPath(`forgot-${width}.png`) });
    await page.getByRole('button', { name: 'Back to sign-in' }).click();
    await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeFocused();

    await signIn(page, email);
    await expect(page).toHaveURL(/\/staff$/);
    await page.goto('/staff/account');
    await expect(page.getByRole('heading', { level: 2, name: 'Where you are signed in' })).toBeVisible();
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: info.outputPath(`account-${width}.png`), fullPage: true });

    await page.goto('/staff/audit');
    await expect(page.getByRole('status').first()).toHaveText(/Entries: \d+/);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: info.outputPath(`audit-${width}.png`) });
  });
}
