import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

// The site at a name that is not a secure context, as a demo laptop serves it at
// http://192.168.x.y: the browser withholds crypto.subtle, and the forms' proof of work is
// solved by the worker's own SHA-256. (A name mapped to the loopback server: Chromium treats
// only localhost and loopback addresses as secure over plain HTTP.)
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--host-resolver-rules=MAP corpsite.test 127.0.0.1',
    ],
  },
  baseURL: async ({ server }, use) => use(server.url.replace(/\/\/[^:/]+/, '//corpsite.test')),
});

// The browser's own note at any plain-HTTP name that is not loopback, not the site's fault.
test.beforeEach(({ guard }) => guard.allowConsoleError(/Cross-Origin-Opener-Policy header has been ignored/));

const PDF = readFileSync(fileURLToPath(new URL('../../tests/fixtures/resume.pdf', import.meta.url)));

test('the contact form sends as before where the page is not a secure context', async ({ page }) => {
  await page.goto('/contact');
  expect(await page.evaluate(() => [window.isSecureContext, Boolean(crypto.subtle)])).toEqual([false, false]);
  const proofs: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/form-proof')) proofs.push(r.status());
  });
  await page.getByLabel('Name', { exact: true }).fill('Asha Verma');
  await page.getByLabel('Contact Number', { exact: true }).fill('9876543210');
  await page.getByLabel('Email', { exact: true }).fill('asha.plain-http@example.com');
  await page.getByLabel('Query', { exact: true }).fill('Sent from a laptop on the office network.');
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/clients/create'));
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const response = await posted;
  expect(response.status()).toBe(201);
  expect(await response.request().headerValue('form-proof')).toMatch(
    /^v1\.enquiry\.\d+\.\d+\.[0-9a-f]{32}\.[0-9a-f]{64}\.\d+\.\d+$/,
  );
  await expect(page.getByText('Your Query Submitted Successfully!')).toBeVisible();
  expect(proofs).toEqual([200]);
  await page.screenshot({ path: 'test-results/forms-insecure-contact.png' });
});

test('Join Us sends as before where the page is not a secure context', async ({ page }) => {
  await page.goto('/join_us');
  const fields = {
    Name: 'Ravi Kumar',
    Mobile: '9845012345',
    Email: 'ravi.plain-http@example.com',
    Experience: '4',
  };
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page
    .getByLabel('Upload Resume')
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/applicant/create'));
  await page.getByRole('button', { name: 'SUBMIT', exact: true }).click();
  expect((await posted).status()).toBe(201);
  await expect(page.getByText('Form Submitted Successfully')).toBeVisible();
});
