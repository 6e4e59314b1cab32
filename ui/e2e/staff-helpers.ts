import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { seriousAxeViolations } from './axe-check';
import { hasHorizontalScroll, waitForApp } from './fixtures';
import { BINARY } from './servers';
import { totpCode, totpStep } from './totp';

export const PASSWORD = 'the office passphrase 2025';

/**
 * Runs the binary's command line against the test server's data dir (or `dataDir`, a server a
 * spec started itself), as the office would.
 */
function corpsite(args: string[], input?: string, dataDir = process.env.E2E_DATA_DIR): void {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: global-setup did not start the server');
  execFileSync(BINARY, [...args, '--data-dir', dataDir], {
    input,
    env: { ...process.env, RUST_LOG: 'warn' },
  });
}

/**
 * A fresh staff account with `password` as a one-time password, made as the office would:
 * an owner, unless `roles` says otherwise (`corpsite staff add --role`).
 */
export function addStaff(
  email: string,
  password: string,
  roles: string[] = [],
  name = 'Front Office',
  dataDir?: string,
): void {
  corpsite(
    ['staff', 'add', email, '--name', name, ...roles.flatMap((role) => ['--role', role]), '--password-stdin'],
    `${password}\n`,
    dataDir,
  );
}

/** Publishes a post file as the office would (`corpsite blog add FILE`). */
export function publishPostFile(path: string): void {
  corpsite(['blog', 'add', path]);
}

/** Ends every session of `email`, as the office would (`corpsite staff sessions --revoke`). */
export function revokeSessions(email: string): void {
  corpsite(['staff', 'sessions', '--revoke', email]);
}

/** What the tests know of each account with an authenticator: its secret, password, last step used. */
const authenticators = new Map<string, { secret: string; password: string; lastStep: number }>();

/** Remembers the authenticator an account set up (on screen, or through the API). */
export function rememberAuthenticator(
  email: string,
  secret: string,
  password = PASSWORD,
  lastStep = 0,
): void {
  authenticators.set(email, { secret, password, lastStep });
}

/** The account's secret, as remembered. */
export function secretOf(email: string): string | undefined {
  return authenticators.get(email)?.secret;
}

/**
 * A code the server has not seen yet for `email`: a step is used once per account, so the
 * step after the last one used when the current one is spent. The server takes one step
 * either way; a step further ahead is waited for.
 */
export async function nextCode(email: string): Promise<string> {
  const account = authenticators.get(email);
  if (!account) throw new Error(`no authenticator is known for ${email}`);
  const step = Math.max(totpStep(), account.lastStep + 1);
  while (step > totpStep() + 1) await new Promise((done) => setTimeout(done, 500));
  account.lastStep = step;
  return totpCode(account.secret, step);
}

/** Sets up an authenticator through the API for the session whose CSRF token is `csrf`. */
async function setUpAuthenticator(
  request: APIRequestContext,
  headers: Record<string, string>,
  email: string,
): Promise<void> {
  const started = await request.post('/api/staff/account/authenticator', { headers, data: {} });
  expect(started.status(), await started.text()).toBe(200);
  const { secret } = await started.json();
  rememberAuthenticator(email, secret);
  const confirmed = await request.post('/api/staff/account/authenticator/confirm', {
    headers,
    data: { code: await nextCode(email) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/**
 * An account past its first sign-in: its own password is `PASSWORD`; an owner (unless `roles`
 * says otherwise) with an authenticator app set up, whose codes `signIn` gives.
 */
export async function readyStaff(
  request: APIRequestContext,
  baseURL: string,
  tag: string,
  roles: string[] = [],
  name = 'Front Office',
  dataDir?: string,
): Promise<string> {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@corp.example`;
  addStaff(email, 'a one-time password 42', roles, name, dataDir);
  const headers = { Origin: baseURL };
  const signIn = await request.post('/api/staff/login', {
    headers,
    data: { email, password: 'a one-time password 42' },
  });
  expect(signIn.status()).toBe(200);
  const { csrf_token } = await signIn.json();
  const changed = await request.post('/api/staff/password', {
    headers: { ...headers, 'X-CSRF-Token': csrf_token },
    data: { current_password: 'a one-time password 42', new_password: PASSWORD },
  });
  expect(changed.status()).toBe(200);
  const session = await changed.json();
  const signedIn = { ...headers, 'X-CSRF-Token': session.csrf_token };
  if (session.second_factor !== 'done') await setUpAuthenticator(request, signedIn, email);
  await request.post('/api/staff/logout', { headers: signedIn });
  return email;
}

/** A contact enquiry as the site's form sends it. */
/**
 * The `Form-Proof` header of one post of `form`: a challenge of the server's
 * (`GET /api/form-proof`), solved here as the site's worker solves it (SHA-256 of
 * `{challenge}.{nonce}` starting with `bits` zero bits). Leads a test makes through the API
 * carry one, as the site's own forms do.
 */
export async function formProof(
  request: APIRequestContext,
  form: 'enquiry' | 'application',
): Promise<Record<string, string>> {
  const answer = await request.get(`/api/form-proof?form=${form}`);
  expect(answer.status()).toBe(200);
  const { challenge, bits } = (await answer.json()) as { challenge: string; bits: number };
  const enough = (hash: Buffer) => {
    let zeros = 0;
    for (const byte of hash) {
      if (byte === 0) {
        zeros += 8;
        continue;
      }
      zeros += Math.clz32(byte) - 24;
      break;
    }
    return zeros >= bits;
  };
  for (let nonce = 0; ; nonce++) {
    if (enough(createHash('sha256').update(`${challenge}.${nonce}`).digest())) {
      return { 'Form-Proof': `${challenge}.${nonce}.1` };
    }
  }
}

export async function postEnquiry(
  request: APIRequestContext,
  name: string,
  requirment = 'Office space, please.',
) {
  const response = await request.post('/api/clients/create', {
    headers: await formProof(request, 'enquiry'),
    data: {
      name,
      email: 'visitor@example.com',
      mobile: '+91 98450 12345',
      requirment,
      department_website: 'Corp Team',
    },
  });
  expect(response.status()).toBe(201);
}

/** A job application with the PNG resume fixture: a general one, or for the opening `job` (its slug). */
export async function postApplication(request: APIRequestContext, name: string, job?: string) {
  const png = readFileSync(fileURLToPath(new URL('../../tests/fixtures/resume.png', import.meta.url)));
  const response = await request.post('/api/applicant/create', {
    headers: await formProof(request, 'application'),
    multipart: {
      name,
      mobile: '9845012345',
      email: 'applicant@example.com',
      experience: '4',
      previous_company: 'Acme Facilities',
      query: 'A facility management role.',
      department_website: 'Corp Careers',
      ...(job ? { job } : {}),
      file: { name: 'my resume.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(response.status()).toBe(201);
}

/**
 * Signs in on /login: the email and password, then, for an account with a known
 * authenticator and its right password, a code in the second step.
 */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (authenticators.get(email)?.password === password) await giveCode(page, email);
}

/** The second step of sign-in: a fresh code from the account's authenticator, then Verify. */
export async function giveCode(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Second factor' })).toBeFocused();
  await page.getByLabel('Code from your authenticator app or a recovery code').fill(await nextCode(email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

/** The second step with the keyboard alone: from its title, Tab to the code, type it, Enter. */
export async function giveCodeByKeyboard(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Second factor' })).toBeFocused();
  await tabTo(page, page.getByLabel('Code from your authenticator app or a recovery code'));
  await page.keyboard.type(await nextCode(email));
  await page.keyboard.press('Enter');
}

/**
 * The set-up screen an account without a factor is sent to, done on screen: an authenticator
 * app from the key shown, a code, then the recovery codes (answered with what they were).
 */
export async function setUpAuthenticatorOnScreen(page: Page, email: string, password = PASSWORD) {
  await expect(page.getByText('Your role needs a second factor.')).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.locator('#authenticator-secret').textContent()) ?? '';
  rememberAuthenticator(email, secret, password);
  await page.getByLabel(/code your app now shows/).fill(await nextCode(email));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  const codes = page.locator('.recovery-codes__list code');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.allTextContents();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  return recovery;
}

/** Presses Tab until `target` has the focus (at most `most` times): the way a keyboard reaches it. */
export async function tabTo(page: Page, target: Locator, most = 200): Promise<void> {
  for (let n = 0; n < most; n++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * Axe on a staff screen as it stands, once the app is ready (each caller first waits for what
 * the screen shows). Not after `networkidle`: a page opened after another in the same
 * browser keeps a duplicate `GET /api/corp_website/site` pending for about 30 s in Chromium.
 */
export async function expectAxeClean(page: Page, screen: string, exclude?: string): Promise<void> {
  await waitForApp(page);
  expect(await seriousAxeViolations(page, exclude), screen).toEqual([]);
}

/** Writes a story's body in the rich editor with the keys: a heading (Ctrl+Alt+2), then a paragraph. */
export async function writeStoryBody(page: Page, heading: string, paragraph: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Body', exact: true }).focus();
  await page.keyboard.type(heading);
  await page.keyboard.press('Control+Alt+2');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(paragraph);
}

/** A time `seconds` from now on the office's clock (the demo details' Asia/Kolkata), as the input takes it. */
export function officeTimeFromNow(seconds: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + seconds * 1000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** A staff screen at `width` px: no sideways scroll, and a full-page screenshot in ./screenshots. */
export async function shoot(page: Page, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  expect(await hasHorizontalScroll(page), `${name} at ${width}px scrolls sideways`).toBe(false);
  await page.screenshot({
    path: fileURLToPath(new URL(`./screenshots/${name}-${width}.png`, import.meta.url)),
    fullPage: true,
  });
}
