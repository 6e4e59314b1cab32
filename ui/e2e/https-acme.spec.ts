import { expect, exportedRows, test } from './https-fixtures';

// The site as `--domain` runs it: its certificate obtained over ACME (from pebble, the test
// CA; https-setup.ts waits until it is served), HTTP/2 to Chromium, and a visitor's
// enquiry taken.
test.use({ site: 'acme' });

test('with a certificate from the ACME CA, the contact form over HTTP/2: 201, stored, the toast', async ({
  page,
  baseURL,
  dataDir,
  wire,
}) => {
  const email = `h2-acme-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/contact');
  await page.getByLabel('Name', { exact: true }).fill('Asha Verma');
  await page.getByLabel('Contact Number', { exact: true }).fill('9876543210');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Query', { exact: true }).fill('Office space, asked of the ACME-served site.');
  const answered = page.waitForResponse((r) => r.url() === `${baseURL}/api/clients/create`);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  expect((await answered).status(), await (await answered).text()).toBe(201);
  expect(await wire.one('POST', `${baseURL}/api/clients/create`)).toMatchObject({
    status: 201,
    protocol: 'h2',
  });
  await expect(page.locator('.toast--success')).toHaveText(/Your Query Submitted Successfully!/);
  const rows = exportedRows(dataDir, 'leads', email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain('Corp Team');
});
