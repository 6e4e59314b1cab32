import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { blogPath } from '@/lib/blog-path';
import { expect, hasHorizontalScroll, SEEDED_STORY_ID, test } from './fixtures';
import { linkIn, mailPart, mailsTo } from './mail-helpers';
import { publishPostFile } from './staff-helpers';

const PHOTOS = fileURLToPath(new URL('../../db/seed/blogs/photos/', import.meta.url));

/** Subscribes `address` on a story's page and opens the confirmation link it is mailed. */
async function confirmedReader(page: Page, address: string) {
  await page.goto(blogPath(SEEDED_STORY_ID));
  await page.getByRole('textbox', { name: 'Your email address' }).fill(address);
  await page.getByRole('button', { name: 'submit', exact: true }).click();
  await expect(page.locator('.toast--success')).toHaveText(/Blog Subscribed Successfully/);
  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(1);
  await page.goto(linkIn(mailsTo(address)[0] ?? '', '/blogs/subscribe/confirm?token='));
  await expect(page.getByText('Your subscription is confirmed')).toBeVisible();
}

test('subscribe, open the link from the received mail, see it confirmed; then leave in one click', async ({
  page,
}) => {
  const address = `reader-${Date.now()}@example.com`;
  await page.goto(blogPath(SEEDED_STORY_ID));
  await page.getByRole('textbox', { name: 'Your email address' }).fill(address);
  await page.getByRole('button', { name: 'submit', exact: true }).click();
  await expect(page.locator('.toast--success')).toHaveText(/Blog Subscribed Successfully/);

  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(1);
  const [mail = ''] = mailsTo(address);
  expect(mail).toMatch(/^Subject: Confirm your subscription/m);

  const confirm = linkIn(mail, '/blogs/subscribe/confirm?token=');
  await page.goto(confirm);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Subscription confirmed' })).toBeVisible();
  await expect(page.getByText('Your subscription is confirmed')).toBeVisible();
  await expect(page).toHaveTitle('Confirm your subscription | Fidelitus Corp');

  // Opening it again says so, and changes nothing.
  await page.reload();
  await expect(page.getByText('Your subscription was already confirmed.')).toBeVisible();

  // The List-Unsubscribe header (RFC 8058), as a mail client's button uses it.
  const leave = /^List-Unsubscribe: <([^>]+)>/m.exec(mail)?.[1];
  if (!leave) throw new Error(`no List-Unsubscribe header in the mail:\n${mail}`);
  await page.goto(leave);
  await expect(page.getByText('Stop getting new stories by mail at this address?')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'You are unsubscribed' })).toBeVisible();
});

test('a broken confirmation link says what is wrong, without a server error', async ({ page, guard }) => {
  guard.allowConsoleError(/400/);
  await page.goto('/blogs/subscribe/confirm?token=not-a-real-token');
  await expect(page.getByRole('heading', { level: 2, name: 'This link did not work' })).toBeVisible();
  await expect(page.getByText('This link is not valid.')).toBeVisible();
  await page.getByRole('link', { name: 'Read our blogs' }).click();
  await expect(page).toHaveURL(/\/blogs$/);
});

test('a new story reaches a confirmed reader as the story itself, and reads well at 390 and 1440 px', async ({
  page,
}, testInfo) => {
  const address = `story-reader-${Date.now()}@example.com`;
  await confirmedReader(page, address);

  // Published as the office publishes: a post file with a cover and an image in its body.
  const folder = mkdtempSync(join(tmpdir(), 'corpsite-story-'));
  const title = `A warehouse becomes a studio ${Date.now()}`;
  try {
    copyFileSync(join(PHOTOS, 'pune-warehouse-conversion.jpg'), join(folder, 'cover.jpg'));
    copyFileSync(join(PHOTOS, 'fintech-campus-whitefield.jpg'), join(folder, 'inside.jpg'));
    writeFileSync(
      join(folder, 'post.md'),
      `---\ntitle: "${title}"\nmotive: "An old warehouse in Pune, turned into a studio in eleven weeks."\nimage: cover.jpg\n---\n\n` +
        '## The brief\n\nThe owner wanted the building let within a quarter, and the tenant wanted ' +
        '**light**, height and a loading bay that still worked. [Ask us how](/contact).\n\n' +
        '![The studio floor with its new skylights](inside.jpg)\n\n' +
        '- Skylights along the whole roof\n- A mezzanine for the offices\n- The loading bay kept\n\n' +
        '> We moved in on the Monday after handover.\n\nThe lease was signed for nine years.\n',
    );
    publishPostFile(join(folder, 'post.md'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await expect.poll(() => mailsTo(address).length, { timeout: 15_000 }).toBe(2);
  const mail = mailsTo(address)[1] ?? '';
  expect(mail).toMatch(new RegExp(`^Subject: ${title}`, 'm'));
  expect(mail).toMatch(/^List-Unsubscribe: <http[^>]+\/blogs\/unsubscribe\?token=/m);
  const text = mailPart(mail, 'text/plain');
  expect(text).toContain('The lease was signed for nine years.');
  expect(text).toContain('- A mezzanine for the offices');
  const html = mailPart(mail, 'text/html');
  expect(html).not.toMatch(/<script|<style|<link|@import|class=/);

  // Shown as a mail client shows it: a page of its own, without the site's policy (its
  // inline styles are the mail's point), at an address of the test server's own, since
  // Chromium lets no other page load images from a loopback server.
  const viewer = await page.context().newPage();
  const errors: string[] = [];
  viewer.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await viewer.route('**/received-mail.html', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  for (const width of [390, 1440]) {
    await viewer.setViewportSize({ width, height: 900 });
    await viewer.goto('/received-mail.html');
    await expect(viewer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(viewer.getByRole('heading', { level: 2, name: 'The brief' })).toBeVisible();
    await expect(viewer.getByText('The lease was signed for nine years.')).toBeVisible();
    await expect(viewer.getByRole('img', { name: 'The studio floor with its new skylights' })).toBeVisible();
    // Every image is served from the site's own origin and has loaded.
    const images = await viewer.locator('img').evaluateAll((all) =>
      (all as HTMLImageElement[]).map((img) => ({
        src: img.src,
        loaded: img.complete && img.naturalWidth > 0,
      })),
    );
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image.src).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/blogs\/[0-9a-f]+\.jpg$/);
      expect(image.loaded, image.src).toBe(true);
    }
    const column = await viewer.getByRole('heading', { level: 1, name: title }).boundingBox();
    expect(column?.width ?? 0).toBeLessThanOrEqual(600);
    expect(await hasHorizontalScroll(viewer)).toBe(false);
    await expect(viewer.getByRole('link', { name: 'Read it on the site' })).toHaveAttribute(
      'href',
      /\/blogs\/detail\/a-warehouse-becomes-a-studio-\d+$/,
    );
    await expect(viewer.getByRole('link', { name: 'Unsubscribe' })).toHaveAttribute(
      'href',
      /\/blogs\/unsubscribe\?token=.+&story=a-warehouse-becomes-a-studio-\d+$/,
    );
    await viewer.screenshot({ path: testInfo.outputPath(`story-mail-${width}.png`), fullPage: true });
  }
  expect(errors).toEqual([]);
  await viewer.close();
});
