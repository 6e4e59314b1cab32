import AxeBuilder from '@axe-core/playwright';
import { expect, hasHorizontalScroll, ROUTES, test } from './fixtures';

const WIDTHS = [320, 390, 768, 1024, 1440, 1920];

/** The pages this branch builds; the blog, contact and careers pages have their own suites. */
const STATIC_ROUTES = ROUTES.filter((route) => !/^\/(blogs|join_us|contact)/.test(route));

for (const route of ROUTES) {
  test.describe(route, () => {
    // Reduced motion: every section is shown at once, so axe sees what a visitor finally sees.
    test.use({ reducedMotion: 'reduce' });

    test('has no serious or critical axe violations', async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      expect(serious).toEqual([]);
    });

    test('never scrolls sideways from 320 to 1920 px', async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        expect(await hasHorizontalScroll(page), `horizontal scroll at ${width} px`).toBe(false);
      }
    });
  });
}

for (const route of STATIC_ROUTES) {
  test(`${route}: images have alt, width and height; those below the fold load lazily`, async ({ page }) => {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const images = await page.locator('main img').evaluateAll((elements) =>
      (elements as HTMLImageElement[]).map((image) => ({
        src: image.getAttribute('src'),
        alt: image.getAttribute('alt'),
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        loading: image.getAttribute('loading'),
        top: image.getBoundingClientRect().top + window.scrollY,
      })),
    );
    for (const image of images) {
      expect(image.alt, `${image.src} alt`).not.toBeNull();
      expect(image.width, `${image.src} width`).toMatch(/^\d+$/);
      expect(image.height, `${image.src} height`).toMatch(/^\d+$/);
      if (image.top > 900) expect(image.loading, `${image.src} below the fold`).toBe('lazy');
    }
  });

  test(`${route}: every link has a name and a real target`, async ({ page }) => {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const links = await page.locator('a').evaluateAll((elements) =>
      (elements as HTMLAnchorElement[])
        .filter((link) => !link.closest('dialog:not([open])'))
        .map((link) => ({
          href: link.getAttribute('href') ?? '',
          name: (link.getAttribute('aria-label') ?? link.textContent ?? '').trim(),
          target: link.getAttribute('target'),
          rel: link.getAttribute('rel'),
        })),
    );
    expect(links.length).toBeGreaterThan(20);
    const internal = new Set<string>([...ROUTES, '/home']);
    for (const link of links) {
      expect(link.name, `name of ${link.href}`).not.toBe('');
      if (link.href.startsWith('/')) {
        const path = link.href.split('#')[0] ?? '';
        expect(internal.has(path) || /^\/blogs\/detail\/[\w-]+$/.test(path), `internal ${link.href}`).toBe(
          true,
        );
      } else if (link.href.startsWith('#')) {
        expect(await page.locator(link.href).count(), `anchor ${link.href}`).toBe(1);
      } else {
        expect(link.href, `outside link of "${link.name}"`).toMatch(/^(https:\/\/|tel:\+\d+$|mailto:)/);
      }
      if (link.target === '_blank') expect(link.rel).toBe('noopener noreferrer');
    }
  });
}
