import { blogPath } from '@/lib/blog-path';
import { SEEDED_STORY_ID } from './fixtures';
import { corpsite, expect, expectHttp2Document, exportedRows, test } from './https-fixtures';

// Every form of the site sent as a visitor's Chromium sends it to a site that serves its own
// HTTPS (the office's certificate files): over HTTP/2, where a request names its host in
// `:authority` and has no Host header. Each post must arrive: its answer, its row, its
// screen.

/** Something no other test sends, to find this test's row. */
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test('the contact form over HTTP/2: 201, the enquiry stored, the toast', async ({
  page,
  baseURL,
  dataDir,
  wire,
}) => {
  const email = `${unique('h2-contact')}@example.com`;
  await page.goto('/contact');
  await page.getByLabel('Name', { exact: true }).fill('Asha Verma');
  await page.getByLabel('Contact Number', { exact: true }).fill('9876543210');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Query', { exact: true }).fill('Office space in Whitefield, over HTTP/2.');
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
  expect(rows[0]).toContain('Office space in Whitefield, over HTTP/2.');
});

test('Join Us with a resume over HTTP/2: 201, the application and its resume stored, the toast', async ({
  page,
  baseURL,
  dataDir,
  wire,
}) => {
  const email = `${unique('h2-applicant')}@example.com`;
  // A real 1x1 PNG: the server checks the bytes, not the name.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.goto('/join_us');
  const fields = {
    Name: 'Ravi Kumar',
    Mobile: '9876543210',
    Email: email,
    Experience: '4',
    'Previous Company': 'Acme Facilities',
    Query: 'Facility management roles, over HTTP/2.',
  };
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page
    .getByLabel('Upload Resume')
    .setInputFiles({ name: 'ravi-kumar-resume.png', mimeType: 'image/png', buffer: png });
  const answered = page.waitForResponse((r) => r.url() === `${baseURL}/api/applicant/create`);
  await page.getByRole('button', { name: 'SUBMIT', exact: true }).click();
  expect((await answered).status(), await (await answered).text()).toBe(201);
  expect(await wire.one('POST', `${baseURL}/api/applicant/create`)).toMatchObject({
    status: 201,
    protocol: 'h2',
  });
  await expect(page.locator('.toast--success')).toHaveText(/Form Submitted Successfully/);
  const rows = exportedRows(dataDir, 'applicants', email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain('Corp Careers');
  expect(rows[0]).toContain('Facility management roles, over HTTP/2.');
  // The resume is stored with the application, under the name it was sent with.
  expect(rows[0]).toContain('ravi-kumar-resume.png');
  expect(rows[0]).toContain('image/png');
});

test('a blog subscription over HTTP/2: 201, the subscription stored, the toast', async ({
  page,
  baseURL,
  dataDir,
  wire,
}) => {
  const email = `${unique('h2-reader')}@example.com`;
  await page.goto(blogPath(SEEDED_STORY_ID));
  await page.getByRole('textbox', { name: 'Your email address' }).fill(email);
  const answered = page.waitForResponse((r) => r.url() === `${baseURL}/api/clients/create`);
  await page.getByRole('button', { name: 'submit', exact: true }).click();
  expect((await answered).status(), await (await answered).text()).toBe(201);
  expect(await wire.one('POST', `${baseURL}/api/clients/create`)).toMatchObject({
    status: 201,
    protocol: 'h2',
  });
  await expect(page.locator('.toast--success')).toHaveText(/Blog Subscribed Successfully/);
  const rows = exportedRows(dataDir, 'subscribers', email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain('Corp Blogs');
});

test('a staff sign-in over HTTP/2: 200, then the new password, then the inbox', async ({
  page,
  baseURL,
  dataDir,
  wire,
  guard,
}) => {
  // The sign-in page asks for a session first and is told 401: expected, and logged.
  guard.allowConsoleError(/401|Failed to load resource/);
  const email = `${unique('h2-staff')}@corp.example`;
  corpsite(
    dataDir,
    // Sales: a role that needs no second factor by default, so the inbox follows the password.
    ['staff', 'add', email, '--name', 'Front Office', '--role', 'sales', '--password-stdin'],
    'given once by the office\n',
  );
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('given once by the office');
  const signedIn = page.waitForResponse((r) => r.url() === `${baseURL}/api/staff/login`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  expect((await signedIn).status(), await (await signedIn).text()).toBe(200);
  expect(await wire.one('POST', `${baseURL}/api/staff/login`)).toMatchObject({ status: 200, protocol: 'h2' });

  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill('the office passphrase 2025');
  const changed = page.waitForResponse((r) => r.url() === `${baseURL}/api/staff/password`);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  expect((await changed).status(), await (await changed).text()).toBe(200);
  expect(await wire.one('POST', `${baseURL}/api/staff/password`)).toMatchObject({
    status: 200,
    protocol: 'h2',
  });
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
});

test('a form post from another site over HTTP/2 gets the 403 answer in JSON; one from the site itself is taken', async ({
  page,
  baseURL,
  dataDir,
  wire,
  guard,
}) => {
  const url = `${baseURL}/api/clients/create`;
  const enquiry = (email: string) =>
    JSON.stringify({
      name: 'Asha Verma',
      email,
      mobile: '9876543210',
      requirment: 'Sent from a page.',
      department_website: 'Corp Team',
    });

  // From a page of the site itself, a post is taken: the refusal below is for the other
  // site, not for HTTP/2.
  const own = `${unique('h2-own-page')}@example.com`;
  await page.goto('/contact');
  // With its proof of work, as a page's script computes it (`GET /api/form-proof`).
  const ownStatus = await page.evaluate(
    async ({ url, body }) => {
      const challenge = await (await fetch('/api/form-proof?form=enquiry')).json();
      let nonce = 0;
      const hash = async (n: number) =>
        new DataView(
          await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${challenge.challenge}.${n}`)),
        ).getUint32(0);
      while (Math.clz32(await hash(nonce)) < challenge.bits) nonce++;
      const headers = {
        'Content-Type': 'application/json',
        'Form-Proof': `${challenge.challenge}.${nonce}.0`,
      };
      return (await fetch(url, { method: 'POST', headers, body })).status;
    },
    { url, body: enquiry(own) },
  );
  expect(ownStatus).toBe(201);
  expect(exportedRows(dataDir, 'leads', own)).toHaveLength(1);

  // A page of another origin (answered by the test, never the network) with a form that
  // posts to the site: what any web page may make a visitor's browser send, no preflight
  // asked. The answer opens as a page (a navigation, which the server's
  // Cross-Origin-Resource-Policy does not hide), so the browser shows what the server said.
  guard.allowConsoleError(/403/);
  const foreign = `${unique('h2-other-site')}@example.com`;
  await page.route('https://evil.example/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Elsewhere</title>
        <form method="post" action="${url}">
          <input name="name" value="Mallory"><input name="email" value="${foreign}">
          <button>Send</button>
        </form>`,
    }),
  );
  // (Through the frame: the page's own goto would wait for the site's app to start.)
  await page.mainFrame().goto('https://evil.example/');
  const answered = page.waitForResponse((r) => r.url() === url && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send' }).click();
  const response = await answered;
  expect(await response.request().headerValue('origin')).toBe('https://evil.example');
  expect(response.status()).toBe(403);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  expect(await response.json()).toMatchObject({
    message: 'This form can only be sent from our own website.',
  });
  await expect(page.locator('body')).toContainText('This form can only be sent from our own website.');
  await expectHttp2Document(page);
  const posts = wire.exchanges.filter((e) => e.method === 'POST' && e.url === url);
  expect(posts.map((e) => [e.status, e.protocol])).toEqual([
    [201, 'h2'],
    [403, 'h2'],
  ]);
  expect(exportedRows(dataDir, 'leads', foreign)).toEqual([]);
  // The other site's page is the one request outside the server, by design.
  expect(guard.outsideRequests).toEqual(['https://evil.example/']);
  guard.outsideRequests.length = 0;
});
