import type { Page } from '@playwright/test';

/** Loads every (lazy) image, then saves a full-page screenshot to e2e/screenshots/ (gitignored). */
export async function snapshot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
    await Promise.all(
      Array.from(document.images, (img) =>
        img.complete ? null : new Promise((done) => img.addEventListener('load', done, { once: true })),
      ),
    );
  });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
  // The first screen alone too: a tall full page is hard to judge when scaled down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `e2e/screenshots/${name}-top.png` });
}
