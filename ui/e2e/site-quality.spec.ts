import { seriousAxeViolations } from './axe-check';
import { expect, hasHorizontalScroll, MAIL_LINK_ROUTES, ROUTES, test } from './fixtures';

const WIDTHS = [320, 390, 768, 1024, 1440, 1920];

/** The pages this branch builds; the blog, contact and careers pages have their own suites. */
const STATIC_ROUTES = ROUTES.filter((route) => !/^\/(blogs|join_us|contact)/.test(route));

/** The widths every public screen is checked by axe at: a phone's and a desktop's. */
const AXE_WIDTHS = [390, 1440];

for (const route of ROUTES) {
  test.describe(route, () => {
    // Reduced motion: every section is shown at once, so axe sees what a visitor finally sees.
    test.use({ reducedMotion: 'reduce' });

    for (const width of AXE_WIDTHS) {
      test(`has no serious or critical axe violations at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }

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

test.describe('the screens outside the public route list', () => {
  test.use({ reducedMotion: 'reduce' });

  for (const width of AXE_WIDTHS) {
    // Opened without a token: the confirmation says the link is broken, the unsubscribe page
    // asks its question; neither calls the server.
    for (const route of MAIL_LINK_ROUTES) {
      test(`${route} has no serious or critical axe violations at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('#subscription-link-outcome')).toBeVisible();
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }

    test(`the not-found screen has no serious or critical axe violations at ${width} px`, async ({
      page,
      guard,
    }) => {
      guard.allowConsoleError(/404/);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/no-such-page');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
      ).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }

  test('the open menu drawer has no serious or critical axe violations at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/why-us');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'About Us' }).click();
    await expect(drawer.getByRole('link', { name: 'Who we are' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

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
