import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, hasHorizontalScroll, test, waitForApp } from './fixtures';
import { linkIn, mailsTo } from './mail-helpers';
import { BINARY, startServer } from './servers';
import { addStaff, expectAxeClean, readyStaff, setUpAuthenticatorOnScreen, signIn } from './staff-helpers';

/** Where the screenshots go, to be looked at: e2e/screenshots/ (gitignored), or SHOTS_DIR. */
const SHOTS = process.env.SHOTS_DIR ?? fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Failed calls are logged: the sign-in page's first look at the session is a 401. */
const SIGNED_OUT = /401|Failed to load resource/;

async function signInAsOwner(page: Page, request: Parameters<typeof readyStaff>[0], baseURL: string) {
  const owner = await readyStaff(request, baseURL, 'teamowner');
  await page.goto('/login');
  await signIn(page, owner);
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  return owner;
}

test('an owner invites a recruiter, who joins from the mail, reaches only applicants and job openings, and is signed out once removed', async ({
  page,
  request,
  browser,
  baseURL,
  guard,
}) => {
  test.slow();
  guard.allowConsoleError(SIGNED_OUT);
  const base = baseURL ?? '';
  await signInAsOwner(page, request, base);
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();

  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `Rekha Recruiter ${tag}`;
  const address = `rekha-${tag}@corp.example`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(address);
  await page
    .getByRole('form', { name: 'Invite someone' })
    .getByRole('checkbox', { name: /^Recruiter/ })
    .check();
  await page.getByRole('button', { name: 'Send the invite', exact: true }).click();
  await expect(page.locator('p.team-status')).toHaveText(`An invite was sent to ${name}.`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Front Office');
  await expect(row).toContainText('Recruiter');

  // The same address again: a field message, nothing stored.
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(address.toUpperCase());
  await page
    .getByRole('form', { name: 'Invite someone' })
    .getByRole('checkbox', { name: /^Sales/ })
    .check();
  await page.getByRole('button', { name: 'Send the invite', exact: true }).click();
  await expect(page.getByText('This address has an invite waiting already')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(1);
  const [mail = ''] = mailsTo(address);
  expect(mail).toMatch(/^Subject: You are invited to the Fidelitus Corp team/m);
  const link = linkIn(mail, '/staff/invite?token=');

  // The recruiter, in a browser of their own.
  const theirs = await browser.newContext({ baseURL: base });
  const recruiter = await theirs.newPage();
  await recruiter.goto(link);
  await waitForApp(recruiter);
  await expect(recruiter.getByRole('heading', { name: 'Join the team' })).toBeVisible();
  await expect(recruiter.getByText(`Welcome, ${name}. You were invited as Recruiter`)).toBeVisible();
  await expectAxeClean(recruiter, 'the invite page');
  mkdirSync(SHOTS, { recursive: true });
  await recruiter.screenshot({ path: join(SHOTS, 'staff-invite-1440.png') });
  const password = recruiter.getByLabel('Your password');
  await password.fill('the recruiter chose this');
  await expect(password).toHaveAttribute('type', 'password');
  await recruiter.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(password).toHaveValue('the recruiter chose this');
  await recruiter.getByRole('button', { name: 'Join the team' }).click();
  // Recruiters need a second factor: it is set up before anything else.
  await setUpAuthenticatorOnScreen(recruiter, address, 'the recruiter chose this');

  await expect(recruiter.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(recruiter.getByText(`Signed in as ${name}`)).toBeVisible();
  const screens = recruiter.getByRole('navigation', { name: 'Staff' }).getByRole('link');
  // A recruiter's screens: the applicants, the job openings, the applicants' reply templates
  // and the trash (of the applicants).
  await expect(screens).toHaveText(['Inbox', 'Jobs', 'Reply templates', 'Trash']);
  const lists = recruiter.getByRole('navigation', { name: 'Lists' }).getByRole('button');
  await expect(lists).toHaveCount(1);
  await expect(lists.first()).toHaveText(/^Applicants/);
  const enquiries = await theirs.request.get('/api/staff/inbox/enquiries');
  expect(enquiries.status()).toBe(403);
  expect((await enquiries.json()).message).toBe(
    'Your role does not include enquiries. Ask an owner of the team if you need it.',
  );
  const team = await theirs.request.get('/api/staff/team');
  expect(team.status()).toBe(403);

  // The link worked once.
  const again = await theirs.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { name: 'This invite no longer works' })).toBeVisible();
  await expect(again.getByRole('alert')).toContainText('Ask an owner of the team to send a new invite.');
  await expectAxeClean(again, 'a used invite link');
  await again.close();

  // The owner sees the new account and removes it.
  await page.reload();
  const member = page.getByRole('row', { name: new RegExp(address) });
  await expect(member).toContainText('Recruiter');
  await expect(member).toContainText('Active');
  page.once('dialog', (dialog) => dialog.accept());
  await member.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.locator('p.team-status')).toHaveText(`${name} was removed from the team and signed out.`);
  await expect(page.getByRole('row', { name: new RegExp(address) })).toHaveCount(0);

  // The recruiter's open page: its next request is refused, and it asks to sign in again in
  // place; the sign-in page is a link away.
  await lists.first().click();
  const dialog = recruiter.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your session has ended. Sign in again to carry on');
  await expect(recruiter).not.toHaveURL(/\/login/);
  // The account is gone: its password no longer signs in, in the dialog or anywhere.
  await expect(dialog.getByLabel('Email')).toHaveValue(address);
  await dialog.getByLabel('Password').fill('the recruiter chose this');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The email or password is not right.');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Go to the sign-in page' }).click();
  await expect(recruiter).toHaveURL(/\/login\?next=/);
  await expect(recruiter.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await theirs.close();
});

for (const width of [390, 1440]) {
  test(`the invite form works from the keyboard alone, and the team screen is axe clean at ${width} px`, async ({
    page,
    request,
    baseURL,
    guard,
  }) => {
    test.slow();
    guard.allowConsoleError(SIGNED_OUT);
    await page.setViewportSize({ width, height: 900 });
    await signInAsOwner(page, request, baseURL ?? '');
    await page.goto('/staff/team');
    await expect(page.getByRole('heading', { level: 2, name: 'Invite someone' })).toBeVisible();
    await expectAxeClean(page, 'the team');

    // From the top of the page, Tab until the invite's name field.
    await page.locator('main').focus();
    for (let n = 0; n < 400; n++) {
      if (await page.evaluate(() => document.activeElement?.id === 'invite-name')) break;
      await page.keyboard.press('Tab');
    }
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    const tag = `${width}k${Date.now()}`;
    await page.keyboard.type(`Keyboard Person ${tag}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`keys-${tag}@corp.example`);
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('form', { name: 'Invite someone' }).getByRole('checkbox', { name: /^Owner/ }),
    ).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('form', { name: 'Invite someone' }).getByRole('checkbox', { name: /^Editor/ }),
    ).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(
      page.getByRole('form', { name: 'Invite someone' }).getByRole('checkbox', { name: /^Sales/ }),
    ).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send the invite', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('p.team-status')).toHaveText(`An invite was sent to Keyboard Person ${tag}.`);
    await expect(page.getByRole('row', { name: new RegExp(tag) })).toContainText('Editor, Sales');

    // "Change roles" opens the boxes with the focus on the first; Cancel closes them.
    const me = page.getByRole('row', { name: /\(you\)/ });
    await me.getByRole('button', { name: /^Change roles/ }).press('Enter');
    await expect(
      page.getByRole('group', { name: /^Roles of/ }).getByRole('checkbox', { name: /^Owner/ }),
    ).toBeFocused();
    await expectAxeClean(page, 'changing roles');
    await page.getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect(page.getByRole('group', { name: /^Roles of/ })).toHaveCount(0);

    mkdirSync(SHOTS, { recursive: true });
    await page.goto('/staff/team');
    await expect(page.getByRole('heading', { level: 2, name: 'Invite someone' })).toBeVisible();
    expect(await hasHorizontalScroll(page), 'sideways scrolling').toBe(false);
    await page.screenshot({ path: join(SHOTS, `staff-team-${width}.png`), fullPage: true });
  });
}

test('the set-up link of a new server makes the first owner once', async ({ browser }) => {
  test.slow();
  const dataDir = mkdtempSync(join(tmpdir(), 'corpsite-setup-'));
  const server: ChildProcess = spawn(
    BINARY,
    ['serve', '--addr', '127.0.0.1:0', '--admin-addr', 'off', '--data-dir', dataDir],
    { env: { ...process.env, RUST_LOG: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const link = await new Promise<string>((done, fail) => {
      server.once('exit', (code) => fail(new Error(`corpsite exited with ${code}`)));
      const lines = createInterface({ input: server.stdout ?? process.stdin });
      lines.on('line', (line) => {
        const match = /http:\/\/\S+\/staff\/setup\?token=[0-9a-f]+/.exec(line);
        if (match) done(match[0]);
      });
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto(link);
    await waitForApp(page);
    await expect(page.getByRole('heading', { name: 'Set up the first owner' })).toBeVisible();
    await expectAxeClean(page, 'the set-up page');
    await page.getByLabel('Your name').fill('Priya Owner');
    await page.getByLabel('Email').fill('priya@corp.example');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set up and sign in' }).click();
    await expect(page.getByText('Use at least 12 characters.')).toBeVisible();
    await page.screenshot({ path: join(SHOTS, 'staff-setup-390.png'), fullPage: true });
    await page.getByLabel('Password', { exact: true }).fill('the first owner passphrase');
    await page.getByRole('button', { name: 'Set up and sign in' }).click();
    await setUpAuthenticatorOnScreen(page, 'priya@corp.example', 'the first owner passphrase');
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect(page.getByText('Signed in as Priya Owner')).toBeVisible();
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Team' }).click();

    // The only owner cannot give up the role: the field message, nothing changed.
    await page.getByRole('button', { name: 'Change roles of Priya Owner' }).click();
    const roles = page.getByRole('group', { name: 'Roles of Priya Owner' });
    await roles.getByRole('checkbox', { name: /^Owner/ }).uncheck();
    await roles.getByRole('checkbox', { name: /^Editor/ }).check();
    await page.getByRole('button', { name: 'Save roles' }).click();
    await expect(roles.getByText('The team must keep at least one owner.')).toBeVisible();
    await expectAxeClean(page, 'a refused role change');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row', { name: /Priya Owner/ })).toContainText('Owner');

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('corpsite staff add');
    await context.close();
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('removing a colleague who gets lead mail warns of it and hands it to someone on the team', async ({
  browser,
  playwright,
}) => {
  test.slow();
  // The leaver gets every lead through the server's --notify-to: a flag the shared server has not.
  const leaver = `lena-${Date.now()}@corp.example`;
  const server = await startServer('notify-to', ['--notify-to', leaver]);
  const api = await playwright.request.newContext({ baseURL: server.url });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const owner = await readyStaff(api, server.url, 'heir', [], 'Priya Owner', server.dataDir);
    addStaff(leaver, 'a one-time password 42', ['sales'], 'Lena Leaver', server.dataDir);
    const page = await context.newPage();
    await page.goto('/login');
    await waitForApp(page);
    await signIn(page, owner);
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Team' }).click();
    const row = page.getByRole('row', { name: /Lena Leaver/ });
    await row.getByRole('button', { name: 'Remove Lena Leaver' }).click();

    // No confirm box: the panel says what mail they get and offers whom to send it to.
    const panel = page.getByRole('group', { name: 'Remove Lena Leaver?' });
    await expect(panel.getByRole('heading', { name: 'Remove Lena Leaver?' })).toBeFocused();
    await expect(panel.getByRole('alert')).toHaveText(
      `Lena Leaver gets lead mail at ${leaver}. Removing the account does not stop it unless the mail goes to someone else:`,
    );
    await expect(panel.getByRole('listitem')).toHaveText([
      'Enquiries, any department (set by the server’s --notify-to)',
      'Job applications, any department (set by the server’s --notify-to)',
    ]);
    const heir = panel.getByLabel('Send this lead mail to');
    await expect(heir.locator('option:checked')).toHaveText(`Priya Owner (${owner})`);
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAxeClean(page, `the leaver's lead mail at ${width} px`);
      expect(await hasHorizontalScroll(page), 'sideways scrolling').toBe(false);
      await panel.screenshot({ path: join(SHOTS, `staff-team-leaver-${width}.png`) });
    }

    // Cancel leaves them on the team; then removed, with the mail handed to the owner.
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel).toHaveCount(0);
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Remove Lena Leaver' }).click();
    await panel.getByRole('button', { name: 'Remove Lena Leaver' }).click();
    await expect(page.locator('p.team-status')).toHaveText(
      'Lena Leaver was removed from the team and signed out; their lead mail now goes to Priya Owner.',
    );
    await expect(row).toHaveCount(0);

    // The mail screen: rules now send every lead to the owner; the flag decides for none, so
    // the leaver's address is not flagged either.
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Mail' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
    await expect(page.locator('#mail-rules-0-recipients')).toHaveValue(owner);
    await expect(page.locator('#mail-rules-1-recipients')).toHaveValue(owner);
    await expect(page.locator('#mail-strangers')).toHaveCount(0);
  } finally {
    await context.close();
    await api.dispose();
    await server.stop();
  }
});
