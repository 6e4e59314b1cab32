import { expect, test } from './fixtures';

test.describe('desktop header', () => {
  test('lists the menu in order', async ({ page }) => {
    await page.goto('/why-us');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.locator(':scope > ul > li > :is(a, button)')).toHaveText([
      'Home',
      'About Us',
      'Why Us',
      'Business',
      'Blogs',
      'Careers',
      'Contact Us',
      'Shilpa Foundation',
      'Art & Media',
    ]);
    await expect(nav.getByRole('link', { name: 'Careers' })).toHaveAttribute('href', '/join_us');
    await expect(nav.getByRole('link', { name: 'Shilpa Foundation' })).toHaveAttribute(
      'href',
      '/shilpa_foundation',
    );
    await expect(nav.getByRole('link', { name: 'Art & Media' })).toHaveAttribute(
      'href',
      '/fidelitus_gallery',
    );
    await expect(nav.getByRole('link', { name: 'Why Us' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });

  test('About Us opens on hover, closes on leave, and its entries navigate', async ({ page }) => {
    await page.goto('/why-us');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const about = nav.getByRole('button', { name: 'About Us' });
    const whoWeAre = nav.getByRole('link', { name: 'Who we are' });
    await expect(whoWeAre).toBeHidden();
    await about.hover();
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await expect(whoWeAre).toBeVisible();
    await expect(nav.getByRole('link', { name: "Founder's Message" })).toHaveAttribute(
      'href',
      '/about/founder_message',
    );
    await page.mouse.move(700, 600);
    await expect(whoWeAre).toBeHidden();
    await about.hover();
    await whoWeAre.hover();
    await whoWeAre.click();
    await expect(page).toHaveURL(/\/about\/our_vision$/);
    await page.mouse.move(700, 600);
    await expect(whoWeAre).toBeHidden();
  });

  test('a chosen entry closes the menu even while the pointer stays on it', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'About Us' }).hover();
    await nav.getByRole('link', { name: "Founder's Message" }).click();
    await expect(page).toHaveURL(/\/about\/founder_message$/);
    await expect(nav.getByRole('link', { name: "Founder's Message" })).toBeHidden();
  });

  test('the keyboard opens a dropdown on focus, walks into it, and Escape closes it', async ({ page }) => {
    await page.goto('/why-us');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).focus();
    await page.keyboard.press('Tab');
    const about = nav.getByRole('button', { name: 'About Us' });
    await expect(about).toBeFocused();
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Who we are' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    await expect(about).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Who we are' })).toBeHidden();
    // Tabbing out of an open menu closes it.
    await page.keyboard.press('Enter');
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Why Us' })).toBeFocused();
    await expect(about).toHaveAttribute('aria-expanded', 'false');
  });

  test('Business lists the four sister sites, opened in the same window', async ({ page }) => {
    await page.goto('/contact');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const business = nav.getByRole('button', { name: 'Business' });
    await business.focus();
    const entries = nav.locator('#submenu-business a');
    await expect(entries).toHaveText([
      'Fidelitus Transactions',
      'Fidelitus Projects',
      'Fidelitus FMS',
      'Fidelitus HR Labs',
    ]);
    for (const entry of await entries.all()) {
      await expect(entry).toHaveAttribute('href', /^https:\/\//);
      await expect(entry).not.toHaveAttribute('target', /.*/);
    }
    await page.keyboard.press('Escape');
    await expect(entries.first()).toBeHidden();
  });

  test('has no horizontal scrolling at 1024 px, where the full menu first shows', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('mobile drawer at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens a 280 px drawer from the menu button and expands one submenu at a time', async ({ page }) => {
    await page.goto('/why-us');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    // Once its slide-in is over, it sits flush left at full height.
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    const box = await drawer.boundingBox();
    expect(box?.width).toBe(280);
    expect(box?.height).toBe(844);

    const about = drawer.getByRole('button', { name: 'About Us' });
    const business = drawer.getByRole('button', { name: 'Business' });
    await about.click();
    await expect(drawer.getByRole('link', { name: 'Who we are' })).toBeVisible();
    await business.click();
    await expect(drawer.getByRole('link', { name: 'Who we are' })).toBeHidden();
    await expect(drawer.getByRole('link', { name: 'Fidelitus FMS' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Fidelitus FMS' })).toHaveAttribute('href', /^https:\/\//);
    await business.click();
    await expect(drawer.getByRole('link', { name: 'Fidelitus FMS' })).toBeHidden();
  });

  test('closes on choosing an entry, and the page changes', async ({ page }) => {
    await page.goto('/why-us');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('button', { name: 'About Us' }).click();
    await drawer.getByRole('link', { name: "Founder's Message" }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/about\/founder_message$/);
    await expect(page.getByRole('heading', { level: 1, name: "Chairman's Message" })).toBeVisible();
  });

  test('closes on Escape and on the backdrop, giving focus back to the menu button', async ({ page }) => {
    await page.goto('/');
    const open = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await open.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
    await expect(open).toHaveAttribute('aria-expanded', 'false');

    await open.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(350, 420); // right of the 280 px panel: the backdrop
    await expect(drawer).toBeHidden();

    await open.click();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
  });

  test('keeps keyboard focus inside while open', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    for (let i = 0; i < 16; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
  });
});
