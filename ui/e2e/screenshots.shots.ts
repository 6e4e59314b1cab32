/**
 * Opt-in screenshots of every page and of the states a browser test cannot judge by eye
 * (open menus, the video modal, form answers), at a phone and a desktop width. Nothing
 * compares them: they are for a person to look at after a change of layout.
 *
 * Run: `npm run screenshots` (= npx playwright test -c playwright.screenshots.config.ts), after
 * `cargo build --release`; the PNGs land in e2e/screenshots/ (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { blogPath } from '@/lib/blog-path';
import { expect, ROUTES, SEEDED_STORY_ID, test } from './fixtures';

const OUT = fileURLToPath(new URL('./screenshots/', import.meta.url));
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

const slug = (route: string) => (route === '/' ? 'home-root' : route.slice(1).replace(/[/]/g, '_'));

/** Loads every (lazy) image, then saves the full page and, apart, its first screen. */
async function snapshot(page: Page, name: string): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
    await Promise.all(
      Array.from(document.images, (img) =>
        img.complete ? null : new Promise((done) => img.addEventListener('load', done, { once: true })),
      ),
    );
  });
  await page.screenshot({ path: `${OUT}${name}.png`, fullPage: true });
  // The first screen alone too: a tall full page is hard to judge when scaled down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${OUT}${name}-top.png` });
}

test.use({ reducedMotion: 'reduce' });

for (const size of SIZES) {
  test(`every page at ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    for (const route of ROUTES) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await snapshot(page, `${slug(route)}-${size.width}x${size.height}`);
    }
  });
}

test('the open drawer at 390, the dropdown at 1024 and 1440, the video modal at 1440', async ({ page }) => {
  mkdirSync(OUT, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about/our_vision');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Business' }).click();
  await page.screenshot({ path: `${OUT}open-drawer-390x844.png` });

  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/about/our_vision');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Business' }).hover();
    await page.screenshot({ path: `${OUT}open-dropdown-${width}x900.png` });
  }

  await page.goto('/');
  await page.getByRole('button', { name: /Play video/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.screenshot({ path: `${OUT}video-modal-1440x900.png` });
});

/** Fills a form by its labels and submits it, with the answer routed to `status`. */
async function submitWith(
  page: Page,
  endpoint: string,
  status: number,
  fill: () => Promise<void>,
  submit: string,
): Promise<void> {
  if (status !== 201) {
    await page.route(endpoint, (route) =>
      route.fulfill(
        status === 422
          ? {
              status,
              json: {
                message: 'Please correct the fields listed in errors.',
                errors: { email: 'Enter an email address like name@example.com.' },
              },
            }
          : { status, json: { message: 'Something went wrong on our side. Please try again later.' } },
      ),
    );
  }
  await fill();
  await page.getByRole('button', { name: submit, exact: true }).click();
  await expect(page.locator(status === 201 ? '.toast--success' : '.toast--error')).toBeVisible();
}

for (const status of [201, 422, 500]) {
  for (const size of SIZES) {
    test(`the forms after a ${status} at ${size.width}px`, async ({ page, guard }) => {
      guard.allowConsoleError(/Failed to load resource/);
      await page.setViewportSize(size);
      await page.goto('/contact');
      await submitWith(
        page,
        '**/api/clients/create',
        status,
        async () => {
          await page.getByLabel('Name', { exact: true }).fill('Asha Verma');
          await page.getByLabel('Contact Number', { exact: true }).fill('9876543210');
          await page.getByLabel('Email', { exact: true }).fill('asha.verma@example.com');
          await page.getByLabel('Query', { exact: true }).fill('We need 20,000 sq ft in Whitefield.');
        },
        'Submit',
      );
      await snapshot(page, `contact-${status}-${size.width}`);

      await page.goto('/join_us');
      await submitWith(
        page,
        '**/api/applicant/create',
        status,
        async () => {
          await page.getByLabel('Name', { exact: true }).fill('Ravi Kumar');
          await page.getByLabel('Mobile', { exact: true }).fill('9876543210');
          await page.getByLabel('Email', { exact: true }).fill('ravi.kumar@example.com');
          await page.getByLabel('Experience', { exact: true }).fill('4');
          await page.getByLabel('Upload Resume').setInputFiles({
            name: 'resume.png',
            mimeType: 'image/png',
            buffer: Buffer.from(
              'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
              'base64',
            ),
          });
        },
        'SUBMIT',
      );
      await snapshot(page, `join-us-${status}-${size.width}`);

      await page.goto(blogPath(SEEDED_STORY_ID));
      await submitWith(
        page,
        '**/api/clients/create',
        status,
        () => page.getByRole('textbox', { name: 'Your email address' }).fill('reader@example.com'),
        'submit',
      );
      await snapshot(page, `blog-detail-subscribe-${status}-${size.width}`);
    });
  }
}
