import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { seriousAxeViolations } from './axe-check';
import { waitForApp } from './fixtures';

const BINARY =
  process.env.CORPSITE_BIN ?? fileURLToPath(new URL('../../target/release/corpsite', import.meta.url));

export const PASSWORD = 'the office passphrase 2025';

/** A fresh staff account with `password` as a one-time password, made as the office would. */
export function addStaff(email: string, password: string): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: global-setup did not start the server');
  execFileSync(
    BINARY,
    ['staff', 'add', email, '--name', 'Front Office', '--password-stdin', '--data-dir', dataDir],
    {
      input: `${password}\n`,
      env: { ...process.env, RUST_LOG: 'warn' },
    },
  );
}

/** An account past its first sign-in: its own password is `PASSWORD`. */
export async function readyStaff(request: APIRequestContext, baseURL: string, tag: string): Promise<string> {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@corp.example`;
  addStaff(email, 'a one-time password 42');
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
  await request.post('/api/staff/logout', {
    headers: { ...headers, 'X-CSRF-Token': (await changed.json()).csrf_token },
  });
  return email;
}

/** A contact enquiry as the site's form sends it. */
export async function postEnquiry(
  request: APIRequestContext,
  name: string,
  requirment = 'Office space, please.',
) {
  const response = await request.post('/api/clients/create', {
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

/** A job application with the PNG resume fixture. */
export async function postApplication(request: APIRequestContext, name: string) {
  const png = readFileSync(fileURLToPath(new URL('../../tests/fixtures/resume.png', import.meta.url)));
  const response = await request.post('/api/applicant/create', {
    multipart: {
      name,
      mobile: '9845012345',
      email: 'applicant@example.com',
      experience: '4',
      previous_company: 'Acme Facilities',
      query: 'A facility management role.',
      department_website: 'Corp Careers',
      file: { name: 'my resume.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(response.status()).toBe(201);
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
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
export async function expectAxeClean(page: Page, screen: string): Promise<void> {
  await waitForApp(page);
  expect(await seriousAxeViolations(page), screen).toEqual([]);
}
