import type { Plugin } from 'vite';

/**
 * The one route table (`src/app/route-table.json`) also tells the server what to fetch before it
 * renders a page (`data`) and what it never renders, indexes or lets others cache (`private`).
 * The browser reads neither, so its build keeps only the path, the page and `bare` of each
 * route: bytes every visitor's first load would otherwise carry.
 */
export function routeTableForBrowser(): Plugin {
  return {
    name: 'corpsite-route-table-for-browser',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!id.replace(/\?.*$/, '').endsWith('/src/app/route-table.json')) return null;
      const table = JSON.parse(code) as { routes: { path: string; page: string; bare?: boolean }[] };
      const routes = table.routes.map(({ path, page, bare }) =>
        bare ? { path, page, bare } : { path, page },
      );
      return { code: JSON.stringify({ routes }), map: null };
    },
  };
}
