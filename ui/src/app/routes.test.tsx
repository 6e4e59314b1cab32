import { render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SiteNavigation } from '@/components/site-navigation';
import { App } from './app';
import { RouteErrorBoundary } from './error-screen';
import routeTable from './route-table.json';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteNavigation>
        <App />
      </SiteNavigation>
    </MemoryRouter>,
  );
}

describe('route table', () => {
  it('shows the error screen with a 404 message for an unknown path, inside the layout', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText(/404 Not Found/)).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it.each([
    ['/', 'Spaces, projects and people that work.'],
    ['/home', 'Spaces, projects and people that work.'],
    ['/blogs/detail/any-id', 'Blog'],
    ['/join_us', 'Join Us'],
    ['/facility-management-services', 'Facility Management Services'],
  ])('loads the page of %s lazily', async (path, heading) => {
    renderAt(path);
    // A cold lazy import of a page (and its CSS) can take over a second under a loaded test run.
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeTruthy();
  });
});

describe('route error boundary', () => {
  it('shows the error screen with the thrown message', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('The page failed to load');
    }
    render(
      <RouteErrorBoundary resetKey="/a">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('The page failed to load')).toBeTruthy();
    spy.mockRestore();
  });
});

describe('route-table.json', () => {
  const modules = import.meta.glob<Record<string, unknown>>('../pages/*-page.tsx');

  it.each(routeTable.routes.map(({ path, page }) => [path, page]))(
    '%s names a page module with its PascalCase export (%s)',
    async (_path, page) => {
      const load = modules[`../pages/${page}.tsx`];
      if (!load) throw new Error(`route-table.json names src/pages/${page}.tsx, which does not exist`);
      const name = page.replace(/(^|-)(\w)/g, (_m, _d, letter: string) => letter.toUpperCase());
      expect(Object.keys(await load()), page).toContain(name);
    },
  );
});
