import { blogPath } from '@/lib/blog-path';
import { fetchList, isBlogList } from './blog-helpers';
import { expect, openInApp, test } from './fixtures';

test.describe('home page', () => {
  test('shows every section in order', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Spaces, projects and people that work.',
    );
    const sections = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(sections).toHaveText([
      'About Fidelitus Corp',
      'Vision',
      'Mission',
      'Our Services',
      'Our Core Values',
      'Fidelitus at a Glance',
      "Managing Director's Message",
      'Our Wings',
      'Clients We Served',
      'Featured Stories',
      'Looking for space, a fit\u2011out or the right people?',
    ]);
    await expect(page.getByText('500 + people helped every month')).toBeVisible();
    await expect(page.getByText(/6,000 \+ clients/)).toBeVisible();
  });

  test('the hero video autoplays muted, looped and inline, with a poster preloaded from the head', async ({
    page,
  }) => {
    await page.goto('/');
    const video = page.locator('.home-hero video');
    await expect(video).toHaveAttribute('poster', /\/assets\/hero-poster-.*\.webp$/);
    const poster = await video.getAttribute('poster');
    const preload = page.locator('head link[rel="preload"][as="image"]');
    await expect(preload).toHaveAttribute('href', poster ?? '');
    await expect(preload).toHaveAttribute('fetchpriority', 'high');
    await expect(video).toHaveAttribute('src', /\/assets\/hero-.*\.mp4$/);
    const state = await video.evaluate((element: HTMLVideoElement) => ({
      autoplay: element.autoplay,
      muted: element.muted,
      loop: element.loop,
      playsInline: element.playsInline,
      lazy: element.getAttribute('loading'),
    }));
    expect(state).toEqual({ autoplay: true, muted: true, loop: true, playsInline: true, lazy: null });
    await expect(page.getByRole('status').filter({ hasText: "couldn't play" })).toHaveCount(0);
  });

  test('a refused play() shows its toast at the bottom centre, in black', async ({ page }) => {
    await page.addInitScript(() => {
      HTMLMediaElement.prototype.play = () => Promise.reject(new DOMException('Blocked', 'NotAllowedError'));
    });
    await page.goto('/');
    const toast = page.locator('.toast').filter({ hasText: "Oops we couldn't play the video for you!" });
    await expect(toast).toBeVisible();
    const look = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return {
        background: getComputedStyle(element).backgroundColor,
        centre: box.left + box.width / 2,
        bottomGap: window.innerHeight - box.bottom,
      };
    });
    expect(look.background).toBe('rgb(0, 0, 0)');
    expect(Math.abs(look.centre - 720)).toBeLessThan(2);
    expect(look.bottomGap).toBeLessThan(60);
  });

  test('the play control opens a video modal; the close icon, Escape and the backdrop close it', async ({
    page,
  }) => {
    await page.goto('/');
    const play = page.getByRole('button', { name: /Play video/ });
    const modal = page.getByRole('dialog', { name: 'A message from our Managing Director' });
    await play.click();
    await expect(modal).toBeVisible();
    await expect(modal.locator('video')).toHaveAttribute('src', /\/assets\/md-message-.*\.mp4$/);
    await modal.getByRole('button', { name: 'Close video' }).click();
    await expect(modal).toBeHidden();
    await expect(play).toBeFocused();

    await play.click();
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    await play.click();
    await expect(modal).toBeVisible();
    await page.mouse.click(20, 20);
    await expect(modal).toBeHidden();
    await expect(modal.locator('video')).toHaveCount(0);
  });

  test('the services grid opens the four sister sites in new tabs', async ({ page }) => {
    await page.goto('/');
    const services = page.locator('#services');
    await expect(services.getByRole('heading', { level: 3 })).toHaveText([
      'Fidelitus Transactions',
      'Fidelitus Projects',
      'Fidelitus FMS',
      'Fidelitus HR Labs',
    ]);
    const links = services.getByRole('link');
    await expect(links).toHaveCount(4);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('core values show the six values, each with an icon', async ({ page }) => {
    await page.goto('/');
    const values = page.locator('#core-values li');
    await expect(values.getByRole('heading', { level: 3 })).toHaveText([
      'Accountability',
      'Transparency',
      'Adaptability',
      'Teamwork & Collaboration',
      'Lifetime Learning',
      'People & Customer Oriented',
    ]);
    for (const value of await values.all()) await expect(value.locator('svg')).toBeVisible();
  });

  test('the overview counters count up to their targets once scrolled into view', async ({ page }) => {
    await page.goto('/');
    const counters = page.locator('#overview .stat__value');
    // The page arrives with the real figures (as the server rendered them, for any reader).
    await expect(counters).toHaveText(['6000+', '700+', '11+', '500+']);
    // Once seen, each counts up from zero: record the smallest value the first one shows.
    await page.evaluate(() => {
      const first = document.querySelector('#overview .stat__value');
      const marks = window as unknown as { lowest?: number };
      marks.lowest = Number.POSITIVE_INFINITY;
      new MutationObserver(() => {
        const value = Number.parseInt(first?.textContent ?? '', 10);
        if (!Number.isNaN(value)) marks.lowest = Math.min(marks.lowest ?? value, value);
      }).observe(first as Node, { subtree: true, childList: true, characterData: true });
    });
    await page.locator('#overview').scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { lowest?: number }).lowest))
      .toBeLessThan(1000);
    await expect(counters).toHaveText(['6000+', '700+', '11+', '500+'], { timeout: 5000 });
    await expect(page.locator('#overview .stat__label')).toHaveText([
      'Clients Served',
      'In-House Employee',
      'Years In Industry',
      'Overall Projects',
    ]);
  });

  test('Our Wings: every View More and Read More goes to /shilpa_foundation', async ({ page }) => {
    await page.goto('/');
    const links = page.locator('#wings').getByRole('link', { name: /^(View More|Read More)/ });
    await expect(links).toHaveCount(4);
    for (const link of await links.all()) await expect(link).toHaveAttribute('href', '/shilpa_foundation');
    await links.first().click();
    await expect(page).toHaveURL(/\/shilpa_foundation$/);
  });

  test('Clients We Served lists the clients', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#clients li')).toHaveCount(12);
  });

  test('the help banner calls the company with Contact us and mails it with E-Mail us', async ({ page }) => {
    await page.goto('/');
    const banner = page.locator('.help-banner');
    await expect(banner.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', /^tel:\+\d+$/);
    await expect(banner.getByRole('link', { name: 'E-Mail us' })).toHaveAttribute(
      'href',
      /^mailto:[^@\s]+@[^@\s]+$/,
    );
  });

  test('the home page answers at /home too', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 2, name: 'Featured Stories' })).toBeVisible();
  });
});

test.describe('featured stories', () => {
  test('show the first 3 posts with image, title, motive and first tag; a click opens the post', async ({
    page,
    request,
  }) => {
    const listed = (await fetchList(request, 1)).data.datas;
    const [story, , , fourth] = listed;
    if (!story || !fourth || story.tags.length < 2 || !story.blog_image) {
      throw new Error('the seeded list needs four posts, the first with two tags and an image');
    }
    await page.goto('/');
    const section = page.locator('#featured-stories');
    const cards = section.locator('.story-card');
    await expect(cards).toHaveCount(3);
    const first = cards.first();
    await expect(first.getByRole('heading', { level: 3 })).toHaveText(story.title);
    await expect(first).toContainText(story.motive);
    await expect(first).toContainText(story.tags[0]?.name ?? '');
    await expect(first).not.toContainText(story.tags[1]?.name ?? '');
    const image = first.locator('img');
    await expect(image).toHaveAttribute('src', `/media/${story.blog_image}`);
    await expect(image).toHaveAttribute('loading', 'lazy');
    await first.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    await expect(section.getByText(fourth.title)).toHaveCount(0);
    await first.click();
    await expect(page).toHaveURL(blogPath(story._id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(story.title);
  });

  test('a failed list call leaves a quiet note, not an error', async ({ page, guard }) => {
    guard.allowConsoleError(/status of 500/); // the browser logs the failed request itself
    await page.route(isBlogList, (route) =>
      route.fulfill({ status: 500, json: { message: 'Something went wrong on our side.' } }),
    );
    await openInApp(page, '/');
    await expect(page.locator('#featured-stories')).toContainText('will appear here soon');
    await expect(page.locator('.toast')).toHaveCount(0);
  });

  test('no posts yet: the same note', async ({ page }) => {
    await page.route(isBlogList, (route) =>
      route.fulfill({
        json: { data: { datas: [], pagination: { total: 0, limit: 12, page: 1, pages: 0 } } },
      }),
    );
    await openInApp(page, '/');
    await expect(page.locator('#featured-stories')).toContainText('will appear here soon');
  });
});

test.describe('under prefers-reduced-motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the counters show their final numbers at once and nothing waits to animate in', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#overview .stat__value')).toHaveText(['6000+', '700+', '11+', '500+']);
    expect(await page.evaluate(() => document.documentElement.classList.contains('aos'))).toBe(false);
    const hidden = await page
      .locator('[data-animate]')
      .evaluateAll(
        (elements) => elements.filter((element) => getComputedStyle(element).opacity !== '1').length,
      );
    expect(hidden).toBe(0);
  });
});

test('animate-on-scroll reveals sections as they scroll into view', async ({ page }) => {
  await page.goto('/');
  const clients = page.locator('#clients .section-heading');
  await expect(clients).not.toHaveClass(/aos-in/);
  await clients.scrollIntoViewIfNeeded();
  await expect(clients).toHaveClass(/aos-in/);
  await expect(clients).toHaveCSS('opacity', '1');
});
