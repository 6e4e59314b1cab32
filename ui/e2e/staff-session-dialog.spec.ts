import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAxeClean, nextCode, readyStaff, revokeSessions, signIn } from './staff-helpers';

const SHOTS = process.env.SHOTS_DIR ?? fileURLToPath(new URL('./screenshots/', import.meta.url));
const SIGNED_OUT = /401|Failed to load resource/;
const LEAVE = 'You have changes that are not saved. Leave this page and lose them?';

test.describe.configure({ mode: 'serial' });
// It saves the company's details: a server of its own, so no other spec sees them change.
test.use({ ownServer: true });

function uniquePhone(): string {
  const n = String(Date.now() % 100_000_000).padStart(8, '0');
  return `+91 80 ${n.slice(0, 4)} ${n.slice(4)}`;
}

async function openSettings(page: Page, email: string) {
  await page.goto('/login?next=%2Fstaff%2Fsettings');
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Company details', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Phone', { exact: true })).toBeVisible();
}

/** The phone the server stores now (the public details). */
async function storedPhone(page: Page): Promise<string> {
  return (await (await page.request.get('/api/corp_website/site')).json()).data.phone;
}

/** Puts the phone back as it was, through the API, as the page's own session. */
async function restorePhone(page: Page, baseURL: string, phone: string) {
  const { csrf_token } = await (await page.request.get('/api/staff/session')).json();
  const current = await (await page.request.get('/api/staff/settings')).json();
  const restored = await page.request.put('/api/staff/settings', {
    headers: { Origin: baseURL, 'X-CSRF-Token': csrf_token },
    data: { ...current.data, phone },
  });
  expect(restored.status()).toBe(200);
}

/**
 * On the settings screen as `email`: a new phone typed, the session revoked with the command
 * line, then Save, which opens the sign-in dialog.
 */
async function saveAfterRevoke(page: Page, email: string) {
  await openSettings(page, email);
  const before = await storedPhone(page);
  const phone = uniquePhone();
  const phoneField = page.getByLabel('Phone', { exact: true });
  await phoneField.fill(phone);
  revokeSessions(email);
  const save = page.getByRole('button', { name: 'Save company details' });
  await save.click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible();
  return { email, before, phone, phoneField, save, dialog };
}

test('a session revoked while editing signs in again in a dialog, with its second factor, and the save goes through', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  test.slow();
  guard.allowConsoleError(SIGNED_OUT);
  const { email, before, phone, phoneField, save, dialog } = await saveAfterRevoke(
    page,
    await readyStaff(request, baseURL ?? '', 'dialog', [], 'Dialog Saver'),
  );
  await expect(dialog).toContainText(
    'Your session has ended. Sign in again to carry on; nothing you typed is lost.',
  );
  await expect(page).toHaveURL(/\/staff\/settings$/);
  // The account that was signed in is offered, and the keyboard starts at the first field.
  const dialogEmail = dialog.getByLabel('Email');
  await expect(dialogEmail).toHaveValue(email);
  await expect(dialogEmail).toBeFocused();
  await expectAxeClean(page, 'the sign-in dialog');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'staff-session-dialog-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog).toBeVisible();
  await expectAxeClean(page, 'the sign-in dialog at 390 px');
  await page.screenshot({ path: join(SHOTS, 'staff-session-dialog-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  try {
    await dialog.getByLabel('Password').fill('the office passphrase 2025');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog.getByRole('heading', { level: 3, name: 'Second factor' })).toBeFocused();
    await expectAxeClean(page, 'the sign-in dialog, second factor');
    await page.screenshot({ path: join(SHOTS, 'staff-session-dialog-factor-1440.png') });
    await dialog
      .getByLabel('Code from your authenticator app or a recovery code')
      .fill(await nextCode(email));
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();

    // The save that waited went through, once signed in; the page and its values are as they were.
    await expect(page.getByText('Company details saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(save).toBeFocused();
    await expect(phoneField).toHaveValue(phone);
    // The public details follow a save within a second (their cache's generation moves).
    await expect.poll(() => storedPhone(page)).toBe(phone);
    await page.reload();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(phone);
    // Saved by this account, named as the team knows it.
    await expect(page.getByText('by Dialog Saver.', { exact: false })).toBeVisible();
  } finally {
    await restorePhone(page, baseURL ?? '', before);
  }
});

test('cancelling the dialog keeps what was typed and says so; the next save asks again', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  test.slow();
  guard.allowConsoleError(SIGNED_OUT);
  const { before, phone, phoneField, save, dialog } = await saveAfterRevoke(
    page,
    await readyStaff(request, baseURL ?? '', 'dialog-cancel'),
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('.toast--error')).toHaveText(
    /^Your session has ended\. Save again to sign in; nothing you typed is lost\./,
  );
  await expect(phoneField).toHaveValue(phone);
  await expect(save).toBeFocused();
  expect(await storedPhone(page)).toBe(before);

  // Again: the dialog opens again, and "Cancel" does as Escape.
  await save.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(phoneField).toHaveValue(phone);

  // The way to the sign-in page is there too, and warns of what is not saved.
  await save.click();
  await expect(dialog).toBeVisible();
  let asked = '';
  page.once('dialog', (question) => {
    asked = question.type();
    void question.dismiss();
  });
  await dialog.getByRole('link', { name: 'Go to the sign-in page' }).click();
  await expect.poll(() => asked).toBe('beforeunload');
  await expect(page).toHaveURL(/\/staff\/settings$/);
  await expect(phoneField).toHaveValue(phone);
});

test('leaving with changes not saved asks first: the staff bar, Back, reload', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(SIGNED_OUT);
  const email = await readyStaff(request, baseURL ?? '', 'leave');
  await page.goto('/login?next=%2Fstaff');
  await signIn(page, email);
  const bar = page.getByRole('navigation', { name: 'Staff' });
  await bar.getByRole('link', { name: 'Company details' }).click();
  const phoneField = page.getByLabel('Phone', { exact: true });
  await expect(phoneField).toBeVisible();
  const original = await phoneField.inputValue();

  // Nothing changed: no question.
  await bar.getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  await bar.getByRole('link', { name: 'Company details' }).click();
  await expect(phoneField).toHaveValue(original);

  const phone = uniquePhone();
  await phoneField.fill(phone);
  const questions: string[] = [];
  const answer = (accept: boolean) =>
    page.once('dialog', (question) => {
      questions.push(`${question.type()}: ${question.message()}`);
      void (accept ? question.accept() : question.dismiss());
    });

  // A staff bar link: "no" stays, with the values.
  answer(false);
  await bar.getByRole('link', { name: 'Inbox' }).click();
  await expect.poll(() => questions).toEqual([`confirm: ${LEAVE}`]);
  await expect(page).toHaveURL(/\/staff\/settings$/);
  await expect(phoneField).toHaveValue(phone);

  // Back: "no" goes back to the page, the values as they were.
  answer(false);
  await page.goBack({ waitUntil: 'commit' });
  await expect.poll(() => questions.length).toBe(2);
  expect(questions[1]).toBe(`confirm: ${LEAVE}`);
  await expect(page).toHaveURL(/\/staff\/settings$/);
  await expect(phoneField).toHaveValue(phone);

  // A reload: the browser's own question.
  answer(false);
  void page.reload().catch(() => {});
  await expect.poll(() => questions.length).toBe(3);
  expect(questions[2]).toMatch(/^beforeunload/);
  await expect(phoneField).toHaveValue(phone);

  // Undoing the change takes the question away; changing again brings it back; "yes" leaves.
  await phoneField.fill(original);
  await bar.getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  expect(questions).toHaveLength(3);
  await bar.getByRole('link', { name: 'Company details' }).click();
  await phoneField.fill(phone);
  answer(true);
  await bar.getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  expect(questions).toHaveLength(4);
  expect(await storedPhone(page)).toBe(original);
});

test('a role that may no longer save is told so in place: no dialog, no trip to /login, nothing lost', async ({
  page,
  request,
  baseURL,
  guard,
}) => {
  guard.allowConsoleError(/403|Failed to load resource/);
  const email = await readyStaff(request, baseURL ?? '', 'dialog-role');
  await openSettings(page, email);
  const phone = uniquePhone();
  const phoneField = page.getByLabel('Phone', { exact: true });
  await phoneField.fill(phone);

  // Meanwhile the account becomes an editor (another owner's change, here made through the API).
  const { csrf_token } = await (await page.request.get('/api/staff/session')).json();
  const team = await (await page.request.get('/api/staff/team')).json();
  const me = team.accounts.find((account: { email: string }) => account.email === email);
  const changed = await page.request.put(`/api/staff/team/accounts/${me.id}/roles`, {
    headers: { Origin: baseURL ?? '', 'X-CSRF-Token': csrf_token },
    data: { roles: ['editor'] },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  await page.getByRole('button', { name: 'Save company details' }).click();
  await expect(page.locator('.toast--error')).toHaveText(
    /^Your role does not include company details\. Ask an owner of the team if you need it\./,
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/staff\/settings$/);
  await expect(phoneField).toHaveValue(phone);

  // Opened again, the screen says so in place of the form.
  page.once('dialog', (question) => void question.accept());
  await page.reload();
  await expect(page).toHaveURL(/\/staff\/settings$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Your role does not include company details. Ask an owner of the team if you need it.',
  );
});
