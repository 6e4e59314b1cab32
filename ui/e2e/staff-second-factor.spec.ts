import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect, hasHorizontalScroll } from './fixtures';
import {
  addStaff,
  expectAxeClean,
  giveCode,
  nextCode,
  PASSWORD,
  readyStaff,
  rememberAuthenticator,
  signIn,
  tabTo,
} from './staff-helpers';

/** Where the screenshots go, to be looked at: e2e/screenshots/ (gitignored), or SHOTS_DIR. */
const SHOTS = process.env.SHOTS_DIR ?? fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Failed calls are logged: the sign-in page's first look at the session (401), a wrong code
 * (422), and the calls a session still to finish its second factor is refused (403).
 */
const EXPECTED = /401|403|422|Failed to load resource/;

/**
 * Passkeys need the site opened by name: the test's server, as
 * `http://localhost:PORT` (its relying party is `localhost` when no --public-url is given).
 */
const test = base.extend({
  baseURL: async ({ server }, use) => use(server.url.replace('127.0.0.1', 'localhost')),
});

/** Chromium's own authenticator in this tab: a passkey on "this device", verified at once. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
}

test('a passkey is added on my account, then signs in alone with the keyboard, and stands in for the code', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  test.slow();
  guard.allowConsoleError(EXPECTED);
  const authenticator = await virtualAuthenticator(page);
  const email = await readyStaff(request, baseURL ?? '', 'passkey');

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await expectAxeClean(page, 'sign-in with the passkey button');
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

  await page.getByRole('link', { name: 'My account' }).click();
  const section = page.getByRole('region', { name: 'Second factor' });
  await expect(section.getByRole('heading', { level: 3, name: 'Passkeys' })).toBeVisible();
  await expect(section.getByText('An authenticator app gives your codes.')).toBeVisible();
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();
  await expect(page.getByLabel('Name of the new passkey')).toHaveValue('This device');
  await page.getByLabel('Name of the new passkey').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('The passkey "Test laptop" was added.');
  const passkeys = section.getByRole('table', { name: 'Your passkeys' });
  await expect(passkeys.getByRole('row')).toHaveCount(2);
  await expect(passkeys.getByRole('row').nth(1)).toContainText('Not yet');
  // Kept on the authenticator (discoverable): the sign-in below names no account.
  expect((await authenticator.credentials()).map((c) => c.isResidentCredential)).toEqual([true]);
  await expectAxeClean(page, 'my account with a passkey');

  // Signed out, the passkey alone signs in: no email typed, the keyboard only.
  await signOut(page);
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByText('Signed in as Front Office')).toBeVisible();

  await page.goto('/staff/account');
  await expect(passkeys.getByRole('row').nth(1)).not.toContainText('Not yet');

  // Renamed with the keyboard: the field takes the focus, Enter saves.
  await passkeys.getByRole('button', { name: 'Rename the passkey Test laptop' }).press('Enter');
  const rename = page.getByLabel('New name for the passkey Test laptop');
  await expect(rename).toBeFocused();
  await rename.fill('Work laptop');
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText('The passkey is now called "Work laptop".');
  await expect(passkeys.getByRole('row').nth(1)).toContainText('Work laptop');

  // After the password, the passkey stands in for the code.
  await signOut(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Second factor' })).toBeFocused();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

  // Removed after a confirmation.
  await page.goto('/staff/account');
  page.once('dialog', (dialog) => dialog.accept());
  await passkeys.getByRole('button', { name: 'Remove the passkey Work laptop' }).click();
  await expect(section.getByRole('status')).toHaveText('The passkey "Work laptop" was removed.');
  await expect(section.getByRole('table', { name: 'Your passkeys' })).toHaveCount(0);
});

test('a passkey on the site opened by its IP address: the page says to open it by name', async ({
  browser,
}) => {
  // Without the page guard: the refusal (409) is logged on purpose, and the address is another origin.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${process.env.E2E_BASE_URL}/login`);
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).not.toHaveText('');
  await context.close();
});

test('a recruiter is held at the set-up until an authenticator app is added, then reaches the applicants; a recovery code works once', async ({
  page,
  guard,
}, info) => {
  test.slow();
  guard.allowConsoleError(EXPECTED);
  const email = `recruiter-${Date.now()}-${Math.floor(Math.random() * 1e6)}@corp.example`;
  addStaff(email, 'given once by the office', ['recruiter'], 'Rekha Recruiter');

  await page.goto('/staff?list=applicants');
  await expect(page).toHaveURL(/\/login\?next=/);
  await signIn(page, email, 'given once by the office');
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();

  // Only the set-up, and why; the keyboard starts at its title.
  await expect(page).toHaveURL(/\/staff\/account\?next=%2Fstaff%3Flist%3Dapplicants$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Second factor' })).toBeFocused();
  await expect(
    page.getByText('Your role needs a second factor. Set up a passkey or an authenticator app to go on.'),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await expectAxeClean(page, 'the set-up screen');
  const refused = await page.request.get('/api/staff/inbox/applicants');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Please finish signing in with your second factor.');

  // Any other screen sends it back here.
  await page.goto('/staff/team');
  await expect(page).toHaveURL(/\/staff\/account\?next=%2Fstaff%2Fteam$/);
  await page.goto('/staff/account?next=%2Fstaff%3Flist%3Dapplicants');

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('heading', { level: 4, name: 'Set up your authenticator app' })).toBeFocused();
  const qr = page.getByRole('img', { name: /^QR code for your authenticator app/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const secret = (await page.locator('#authenticator-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  rememberAuthenticator(email, secret);
  await expectAxeClean(page, 'the authenticator set-up');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'staff-factor-setup-1440.png'), fullPage: true });

  // A wrong code: the field says so.
  const field = page.getByLabel(/code your app now shows/);
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  const right = await nextCode(email);
  await field.fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('This code is not right, or it was already used.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(right);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  // The recovery codes, once.
  await expect(page.getByRole('heading', { level: 3, name: 'Your recovery codes' })).toBeFocused();
  await expect(page.getByText('They are shown only now.')).toBeVisible();
  const codes = await page.locator('.recovery-codes__list code').allTextContents();
  expect(codes).toHaveLength(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as a text file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('recovery-codes.txt');
  const text = readFileSync(await file.path(), 'utf8');
  for (const code of codes) expect(text).toContain(code);
  await expectAxeClean(page, 'the recovery codes');
  await page.screenshot({ path: join(SHOTS, 'staff-recovery-codes-1440.png'), fullPage: true });
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page).toHaveURL(/\/staff\?list=applicants$/);
  await expect(page.getByRole('button', { name: /^Applicants/ })).toHaveAttribute('aria-current', 'page');

  // A recovery code in the second step, typed with spaces around it as a paste may bring.
  const [recovery = ''] = codes;
  await signOut(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const step = page.getByRole('heading', { level: 1, name: 'Second factor' });
  await expect(step).toBeFocused();
  await expectAxeClean(page, 'the second factor step');
  await page.screenshot({ path: info.outputPath('factor-step-1440.png') });
  const codeField = page.getByLabel('Code from your authenticator app or a recovery code');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'text');
  await codeField.fill(` ${recovery} `);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await page.goto('/staff/account');
  await expect(page.getByText('9 recovery codes left.')).toBeVisible();

  // The same recovery code a second time: refused under the field; the app's code then works.
  await signOut(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(step).toBeFocused();
  await codeField.fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('This code is not right, or it was already used.')).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page, 'a refused code');
  await codeField.fill(await nextCode(email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
});

// Editor is required for a moment: on a server of its own, so no other spec's editor is asked
// for a factor meanwhile.
test.describe('the rule', () => {
  test.use({ ownServer: true });

  test('an owner resets the second factor of another account, and sets the roles that need one', async ({
    page,
    request,
    baseURL,
    guard,
  }) => {
    test.slow();
    guard.allowConsoleError(EXPECTED);
    const base = baseURL ?? '';
    const owner = await readyStaff(request, base, 'resetter');
    const other = await readyStaff(request, base, 'lost-phone');
    await page.goto('/login?next=%2Fstaff%2Fteam');
    await signIn(page, owner);
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();

    const mine = page.getByRole('row', { name: new RegExp(owner) });
    await expect(mine.getByRole('cell').nth(5)).toHaveText('On');
    await expect(mine.getByRole('button', { name: /^Reset second factor/ })).toHaveCount(0);
    const theirs = page.getByRole('row', { name: new RegExp(other) });
    await expect(theirs.getByRole('cell').nth(5)).toHaveText('On');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('Reset the second factor of Front Office?');
      dialog.accept();
    });
    await theirs.getByRole('button', { name: 'Reset second factor of Front Office' }).click();
    await expect(page.locator('p.team-status')).toHaveText(
      'The second factor of Front Office was reset, and they were signed out.',
    );
    await expect(theirs.getByRole('cell').nth(5)).toHaveText('Off');
    await expect(theirs.getByRole('button', { name: /^Reset second factor/ })).toHaveCount(0);

    // Their next sign-in must set up a new one (owners need one).
    const signedIn = await request.post('/api/staff/login', {
      headers: { Origin: base },
      data: { email: other, password: PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    expect(await signedIn.json()).toMatchObject({ second_factor: 'set_up' });

    // The rule: Editor added, saved, still there after a reload, then taken off again.
    const rule = page.getByRole('region', { name: 'Second factor required for' });
    const group = rule.getByRole('group', { name: 'Roles that need a second factor' });
    await expect(group.getByRole('checkbox', { name: /^Owner/ })).toBeChecked();
    await expect(group.getByRole('checkbox', { name: /^Recruiter/ })).toBeChecked();
    await expect(group.getByRole('checkbox', { name: /^Editor/ })).not.toBeChecked();
    await expectAxeClean(page, 'the team with the second factor');
    await group.getByRole('checkbox', { name: /^Editor/ }).check();
    await rule.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(rule.getByRole('status')).toHaveText(/^Saved\./);
    await page.reload();
    await expect(group.getByRole('checkbox', { name: /^Editor/ })).toBeChecked();
    await group.getByRole('checkbox', { name: /^Editor/ }).uncheck();
    await rule.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(rule.getByRole('status')).toHaveText(/^Saved\./);
    await expect(group.getByRole('checkbox', { name: /^Editor/ })).not.toBeChecked();
  });
});

for (const width of [390, 1440]) {
  test(`the second factor's screens fit ${width} px`, async ({ page, request, baseURL, guard }) => {
    test.slow();
    guard.allowConsoleError(EXPECTED);
    await page.setViewportSize({ width, height: 900 });
    mkdirSync(SHOTS, { recursive: true });
    await virtualAuthenticator(page);

    // The set-up screen with its QR code, and the recovery codes.
    const email = `shots-${width}-${Date.now()}@corp.example`;
    addStaff(email, 'given once by the office', ['recruiter'], 'Rekha Recruiter');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(SHOTS, `staff-login-passkey-${width}.png`) });
    await signIn(page, email, 'given once by the office');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(page.getByRole('img', { name: /^QR code/ })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(SHOTS, `staff-factor-setup-${width}.png`), fullPage: true });
    rememberAuthenticator(email, (await page.locator('#authenticator-secret').textContent()) ?? '');
    await page.getByLabel(/code your app now shows/).fill(await nextCode(email));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(SHOTS, `staff-recovery-codes-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

    // My account with a passkey beside the app.
    await page.goto('/staff/account');
    await page.getByLabel('Name of the new passkey').fill(`Phone ${width}`);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByRole('table', { name: 'Your passkeys' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(SHOTS, `staff-account-factor-${width}.png`), fullPage: true });

    // The second step, with the passkey on offer.
    await signOut(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(SHOTS, `staff-factor-step-${width}.png`) });
    await giveCode(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

    // The team's column and rule, as an owner sees them.
    await signOut(page);
    const owner = await readyStaff(request, baseURL ?? '', `shots-owner-${width}`);
    await signIn(page, owner);
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await page.goto('/staff/team');
    await expect(page.getByRole('heading', { level: 2, name: 'Second factor required for' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(SHOTS, `staff-team-factor-${width}.png`), fullPage: true });
  });
}

/**
 * Moves the sessions of `email` past the 5 minutes after its password or code in which they
 * may change its factors without being asked again (a browser left signed in, or a session
 * cookie someone took).
 */
function confirmedLongAgo(email: string) {
  const db = join(process.env.E2E_DATA_DIR ?? '', 'corpsite.db');
  execFileSync('sqlite3', [
    db,
    '-cmd',
    '.timeout 5000',
    `UPDATE staff_sessions SET confirmed_at = confirmed_at - 301
     WHERE staff_id = (SELECT id FROM staff WHERE email_folded = '${email.toLowerCase()}')`,
  ]);
}

/**
 * A new account signed in on its account screen, its password given more than 5 minutes ago,
 * with the browser's own confirm boxes accepted: its address.
 */
async function accountNotConfirmedLately(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
  tag: string,
): Promise<string> {
  const email = await readyStaff(request, baseURL, tag);
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/staff$/);
  await page.goto('/staff/account');
  await expect(page.getByRole('heading', { level: 2, name: 'Second factor' })).toBeVisible();
  confirmedLongAgo(email);
  page.on('dialog', (asked) => asked.accept());
  return email;
}

test('changing a second factor asks for the password again once 5 minutes have passed', async ({
  page,
  request,
  baseURL,
  guard,
}, info) => {
  // A code the server has not seen may wait for the app's next 30 s step: the sign-in used one.
  test.slow();
  guard.allowConsoleError(EXPECTED);
  const email = await accountNotConfirmedLately(page, request, baseURL ?? '', 'confirm');
  await page.getByRole('button', { name: 'Make new recovery codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await expectAxeClean(page, 'confirm it is you');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(SHOTS, `staff-confirm-${width}.png`) });
  }
  await page.screenshot({ path: info.outputPath('confirm-1440.png') });

  await dialog.getByLabel('Password', { exact: true }).fill('not my password at all');
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(dialog.getByText('This is not your password.')).toBeVisible();
  // A code from the app does as well.
  await dialog.getByRole('button', { name: 'Use a code instead' }).click();
  await dialog.getByLabel('Code').fill(await nextCode(email));
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(dialog).toBeHidden();
  // Confirmed, the change goes on by itself: ten new codes, shown once.
  await expect(page.locator('.recovery-codes__list code')).toHaveCount(10);

  // Cancelled, nothing changes and the refusal says why.
  await page.getByRole('button', { name: 'I have saved them' }).click();
  confirmedLongAgo(email);
  await page.getByRole('button', { name: 'Make new recovery codes' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please confirm it is you' })).toBeVisible();
});

test('a passkey added since signing in is offered on the password change and removed with it, with the keyboard', async ({
  page,
  request,
  baseURL,
  guard,
}, info) => {
  test.slow();
  guard.allowConsoleError(EXPECTED);
  const authenticator = await virtualAuthenticator(page);
  const email = await readyStaff(request, baseURL ?? '', 'passkey-change');
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/staff$/);

  // A passkey added with this session: what a stolen cookie would add.
  await page.goto('/staff/account');
  const section = page.getByRole('region', { name: 'Second factor' });
  await page.getByLabel('Name of the new passkey').fill('Unknown laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('The passkey "Unknown laptop" was added.');
  expect(await authenticator.credentials()).toHaveLength(1);

  // The password change lists it, marked as added since the sign-in.
  await page.reload();
  const passkeys = page.getByRole('group', { name: 'Passkeys on your account' });
  const remove = passkeys.getByRole('checkbox', {
    name: /Remove “Unknown laptop”, added .* \(added since you signed in\)/,
  });
  await expect(remove).toBeVisible();
  await expect(remove).not.toBeChecked();
  await expectAxeClean(page, 'the password change with a passkey to remove');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await passkeys.scrollIntoViewIfNeeded();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: join(SHOTS, `staff-password-passkeys-${width}.png`) });
  }
  await page.screenshot({ path: info.outputPath('password-passkeys-1440.png') });

  // The keyboard only: the fields, the box ticked with Space, the button pressed with Enter.
  await tabTo(page, page.getByLabel('Current password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByLabel('New password', { exact: true }));
  await page.keyboard.type(`${PASSWORD} changed`);
  await tabTo(page, remove);
  await page.keyboard.press('Space');
  await expect(remove).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Save the new password' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(
      'Your password was changed. Your other sessions were signed out. The passkey you ticked was removed.',
    ),
  ).toBeVisible();

  // Gone from the account: the list and the second factor's table no longer name it.
  await expect(passkeys).toHaveCount(0);
  await expect(section.getByRole('table', { name: 'Your passkeys' })).toHaveCount(0);
  await page.reload();
  await expect(section.getByRole('heading', { level: 3, name: 'Passkeys' })).toBeVisible();
  await expect(section.getByRole('table', { name: 'Your passkeys' })).toHaveCount(0);
});

test('"Confirm it is you" is answered, refused and dismissed with the keyboard alone', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  test.slow();
  guard.allowConsoleError(EXPECTED);
  await accountNotConfirmedLately(page, request, baseURL ?? '', 'confirm-keys');

  // Escape dismisses it: nothing changes, the refusal says why, the focus is back on the button.
  const make = page.getByRole('button', { name: 'Make new recovery codes' });
  await tabTo(page, make);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Please confirm it is you' })).toBeVisible();
  await expect(make).toBeFocused();

  // A wrong password is refused in the dialog, which keeps the focus; the right one goes on.
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type('not my password at all');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('This is not your password.')).toBeVisible();
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.locator('.recovery-codes__list code')).toHaveCount(10);
});
