import { render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteNavigation } from '@/components/site-navigation';
import { FeaturedStories } from './featured-stories';

function blog(n: number) {
  return {
    _id: `story-${n}`,
    title: `Story number ${n}`,
    motive: `Why story ${n} matters`,
    content: '<p>Body</p>',
    blog_image: `blogs/story-${n}.webp`,
    date: '2025-01-01T00:00:00Z',
    min_read: '3 min read',
    color: '#0f3b57',
    tags: n === 2 ? [] : [{ name: `Tag ${n}` }, { name: 'Second tag' }],
    written_by: null,
  };
}

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderStories() {
  render(
    <MemoryRouter>
      <SiteNavigation>
        <FeaturedStories />
      </SiteNavigation>
    </MemoryRouter>,
  );
}

describe('featured stories', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the first three posts of page 1 with image, title, motive and first tag', async () => {
    const body = {
      data: { datas: [1, 2, 3, 4].map(blog), pagination: { total: 4, limit: 8, page: 1, pages: 1 } },
    };
    const fetchMock = stubFetch(new Response(JSON.stringify(body), { status: 200 }));
    renderStories();
    expect(screen.getByRole('status').textContent).toContain('Loading stories');
    const first = await screen.findByRole('link', { name: 'Story number 1' });
    expect(first.getAttribute('href')).toBe('/blogs/detail/story-1');
    expect(screen.queryByRole('link', { name: 'Story number 4' })).toBeNull();
    expect(screen.getByText('Why story 3 matters')).toBeTruthy();
    expect(screen.getByText('Tag 1')).toBeTruthy();
    expect(screen.queryByText('Second tag')).toBeNull();
    const images = document.querySelectorAll<HTMLImageElement>('.story-card__image');
    expect(images[0]?.getAttribute('src')).toBe('/media/blogs/story-1.webp');
    expect(images[0]?.getAttribute('loading')).toBe('lazy');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('corp_website/blogs/get?page=1&text=');
  });

  it('a post without an image keeps its card shape and shows no broken image', async () => {
    const withoutImage = { ...blog(2), blog_image: null };
    const body = {
      data: {
        datas: [blog(1), withoutImage, blog(3)],
        pagination: { total: 3, limit: 8, page: 1, pages: 1 },
      },
    };
    stubFetch(new Response(JSON.stringify(body), { status: 200 }));
    renderStories();
    const card = (await screen.findByRole('link', { name: 'Story number 2' })).closest('li') as HTMLElement;
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('.story-card__image')?.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelectorAll('img')).toHaveLength(2);
  });

  it('says so quietly when the list call fails: no error logged, no crash', async () => {
    const errors = vi.spyOn(console, 'error');
    stubFetch(new Response(JSON.stringify({ message: 'Not found' }), { status: 404 }));
    renderStories();
    expect(await screen.findByText(/will appear here soon/)).toBeTruthy();
    expect(errors).not.toHaveBeenCalled();
  });

  it('says the same when there are no posts yet', async () => {
    const body = { data: { datas: [], pagination: { total: 0, limit: 8, page: 1, pages: 0 } } };
    stubFetch(new Response(JSON.stringify(body), { status: 200 }));
    renderStories();
    expect(await screen.findByText(/will appear here soon/)).toBeTruthy();
  });
});
