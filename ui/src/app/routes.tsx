import { type ComponentType, lazy, Suspense } from 'preact/compat';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { NotFoundScreen, RouteErrorBoundary } from './error-screen';
import { Layout } from './layout';
import routeTable from './route-table.json';

type PageModule = Record<string, ComponentType>;

/** Every page module, each its own lazily loaded chunk, by file name (`home-page`). */
const pageModules: Record<string, () => Promise<PageModule>> = Object.fromEntries(
  Object.entries(import.meta.glob<PageModule>('../pages/*-page.tsx')).map(([file, load]) => [
    file.replace(/^.*\/|\.tsx$/g, ''),
    load,
  ]),
);

/** Pages whose module is already here: rendered at once, with no Suspense fallback. */
const loadedPages = new Map<string, ComponentType>();

/** `blog-detail-page` -> `BlogDetailPage`, the page module's named export. */
function exportName(page: string): string {
  return page.replace(/(^|-)(\w)/g, (_match, _dash, letter: string) => letter.toUpperCase());
}

function pageComponent(name: string, module: PageModule): ComponentType {
  const Component = module[exportName(name)];
  if (!Component) throw new Error(`Page module ${name} has no export named ${exportName(name)}`);
  return Component;
}

/** One page as its own chunk, or the module itself once it is loaded. */
function page(name: string) {
  const load = pageModules[name];
  if (!load) throw new Error(`route-table.json names a page that does not exist: ${name}`);
  const Lazy = lazy(async () => ({ default: pageComponent(name, await load()) }));
  function Page() {
    const Loaded = loadedPages.get(name);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return <Page />;
}

/**
 * The route table's entries (route-table.json). `private` ones (the staff's, and the pages
 * of links in subscriber mail) are never server-rendered or indexed; `bare` ones (the
 * staff's) bring their own frame instead of the public header and footer.
 */
export interface TableRoute {
  path: string;
  page: string;
  private?: boolean;
  bare?: boolean;
}

const tableRoutes: readonly TableRoute[] = routeTable.routes;

/** SPEC.md section 2, from the one route table the server reads too (route-table.json). */
const pageRoutes: RouteObject[] = [
  ...tableRoutes
    .filter((route) => !route.bare)
    .map(
      ({ path, page: name }): RouteObject =>
        path === '/'
          ? { index: true, element: page(name), id: name + path }
          : { path: path.slice(1), element: page(name), id: name + path },
    ),
  { path: '*', element: <NotFoundScreen /> },
];

/**
 * The staff pages: outside the public header and footer; each brings its own frame in its
 * own chunk, so nothing of them weighs on the public pages' first load.
 */
const bareRoutes: RouteObject[] = tableRoutes
  .filter((route) => route.bare)
  .map(({ path, page: name }) => ({
    path,
    id: name + path,
    element: (
      <RouteErrorBoundary resetKey={path}>
        <Suspense fallback={null}>{page(name)}</Suspense>
      </RouteErrorBoundary>
    ),
  }));

export const routes: RouteObject[] = [
  { path: '/', element: <Layout />, children: pageRoutes },
  ...bareRoutes,
];

/** The route-table page that shows `pathname`, if any. */
export function pageFor(pathname: string): string | undefined {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  return tableRoutes.find(({ path, page: name }) => leaf?.id === name + path)?.page;
}

/**
 * Loads the chunk of the page at `pathname` before the browser hydrates it, so the first
 * render is the server's markup and never a loading fallback.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const name = pageFor(pathname);
  const load = name ? pageModules[name] : undefined;
  if (name && load && !loadedPages.has(name)) loadedPages.set(name, pageComponent(name, await load()));
}

/** The server bundle has every page module at hand. */
export function providePages(modules: Record<string, PageModule>): void {
  for (const [file, module] of Object.entries(modules)) {
    const name = file.replace(/^.*\/|\.tsx$/g, '');
    loadedPages.set(name, pageComponent(name, module));
  }
}
