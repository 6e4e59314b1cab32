import { fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { isActivePath, Link, NavLink, PageNavigation, useQuery } from './site-link';
import { SiteNavigation } from './site-navigation';

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where">
      {location.pathname + location.search} {useNavigationType()}
    </output>
  );
}

function renderAt(path: string, links: preact.ComponentChildren) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SiteNavigation>
        {links}
        <Where />
      </SiteNavigation>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

/** Clicks `link` and says whether the app took the click over (prevented the browser's
 * navigation); the browser's own navigation is then stopped, as the test has no server. */
function click(link: HTMLElement, init: MouseEventInit = {}): boolean {
  let taken = false;
  const record = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', record);
  fireEvent.click(link, { button: 0, ...init });
  window.removeEventListener('click', record);
  return taken;
}

describe('Link', () => {
  it('navigates in the app on a plain click, adding a history entry', () => {
    renderAt('/', <Link to="/contact">Contact</Link>);
    const link = screen.getByRole('link', { name: 'Contact' });
    expect(link.getAttribute('href')).toBe('/contact');
    expect(click(link)).toBe(true);
    expect(where()).toBe('/contact PUSH');
  });

  it('replaces the entry when the link leads to the page already shown', () => {
    renderAt('/contact', <Link to="/contact">Contact</Link>);
    expect(click(screen.getByRole('link', { name: 'Contact' }))).toBe(true);
    expect(where()).toBe('/contact REPLACE');
  });

  it('leaves modified clicks, other targets and prevented clicks to the browser', () => {
    const onClick = vi.fn((event: MouseEvent) => event.preventDefault());
    renderAt(
      '/',
      <>
        <Link to="/contact">Contact</Link>
        <Link to="/join_us" target="_blank">
          Careers
        </Link>
        <Link to="/blogs" onClick={onClick}>
          Blogs
        </Link>
      </>,
    );
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey']) {
      expect(click(screen.getByRole('link', { name: 'Contact' }), { [modifier]: true })).toBe(false);
    }
    expect(click(screen.getByRole('link', { name: 'Contact' }), { button: 1 })).toBe(false);
    expect(click(screen.getByRole('link', { name: 'Careers' }))).toBe(false);
    expect(click(screen.getByRole('link', { name: 'Blogs' }))).toBe(true);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/ POP');
  });

  it('leads to another query of the current page with a search target', () => {
    renderAt('/blogs?page=1', <Link to={{ search: '?page=2' }}>Next</Link>);
    const next = screen.getByRole('link', { name: 'Next' });
    expect(next.getAttribute('href')).toBe('/blogs?page=2');
    expect(click(next)).toBe(true);
    expect(where()).toBe('/blogs?page=2 PUSH');
  });
});

describe('NavLink', () => {
  it('marks the page it leads to, and without `end` the pages below it', () => {
    renderAt(
      '/blogs/detail/a-post',
      <>
        <NavLink to="/blogs" class="menu">
          Blogs
        </NavLink>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/blogs/detail" end>
          Detail
        </NavLink>
      </>,
    );
    const blogs = screen.getByRole('link', { name: 'Blogs' });
    expect(blogs.getAttribute('class')).toBe('menu active');
    expect(blogs.getAttribute('aria-current')).toBe('page');
    for (const name of ['Home', 'Detail']) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('aria-current')).toBeNull();
      expect(link.getAttribute('class') ?? '').not.toContain('active');
    }
  });

  it("follows React Router's rule: case ignored, whole segments only", () => {
    expect(isActivePath('/about/our_vision', '/About/Our_Vision')).toBe(true);
    expect(isActivePath('/blogs', '/blogs/')).toBe(true);
    expect(isActivePath('/blogs', '/blogsx')).toBe(false);
    expect(isActivePath('/blogs/', '/blogs/x')).toBe(true);
    expect(isActivePath('/', '/contact')).toBe(false);
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/contact', true)).toBe(false);
    expect(isActivePath('/blogs', '/blogs/x', true)).toBe(false);
  });
});

describe("on a page of islands (the browser's own location)", () => {
  function Query() {
    const [params, setParams] = useQuery();
    return (
      <button type="button" onClick={() => setParams(new URLSearchParams({ q: 'labs', page: '2' }))}>
        {params.get('q') ?? 'none'}
      </button>
    );
  }

  it('leaves a link to another page to the browser, and keeps a new query of this page in the page', () => {
    history.replaceState(null, '', '/blogs');
    const before = history.length;
    render(
      <PageNavigation>
        <Link to="/contact">Contact</Link>
        <Query />
      </PageNavigation>,
    );
    expect(click(screen.getByRole('link', { name: 'Contact' }))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'none' }));
    expect(location.pathname + location.search).toBe('/blogs?q=labs&page=2');
    expect(history.length).toBe(before + 1);
    expect(screen.getByRole('button').textContent).toBe('labs');
    // Back: the page follows the address.
    history.replaceState(null, '', '/blogs');
    dispatchEvent(new PopStateEvent('popstate'));
    return expect.poll(() => screen.getByRole('button').textContent).toBe('none');
  });
});
