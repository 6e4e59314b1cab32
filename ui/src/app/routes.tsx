import { type ComponentType, lazy, Suspense } from 'preact/compat';
import { matchPath, matchRoutes, type RouteObject } from 'react-router-dom';
import { RouteErrorBoundary } from './error-screen';
import { Layout } from './layout';
import routeTable from './route-table.json';

type PageModule = Record<string, ComponentType>;

/**
 * Every public page module, each its own lazily loaded chunk, by file name (`home-page`); the
 * staff's screens come through `staff-pages.ts`, one import for all of them.
 */
const pageModules: Record<string, () => Promise<PageModule>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<PageModule>([
      '../pages/*-page.tsx',
      '!../pages/staff*-page.tsx',
      '!../pages/story-editor-page.tsx',
    ]),
  ).map(([file, load]) => [file.replace(/^.*\/|\.tsx$/g, ''), load]),
);

/** The loader of the page module `name`: a public page's, or a staff screen's through the staff door. */
function loaderOf(name: string): () => Promise<PageModule> {
  return (
    pageModules[name] ??
    (async () => {
      const load = (await import('./staff-pages')).staffPageModules[`../pages/${name}.tsx`];
      if (!load) throw new Error(`route-table.json names a page that does not exist: ${name}`);
      return load();
    })
  );
}

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
  const load = loaderOf(name);
  const Lazy = lazy(async () => ({ default: pageComponent(name, await load()) }));
  function Page() {
    const Loaded = loadedPages.get(name);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return <Page />;
}

/**
 * An entry of the one route table, route-table.json: every page of the site and the module
 * under src/pages/ that shows it. The UI router, the server's 200/404 decision, the tests and
 * the bundle-size check all read that file. (This note lives here, not in the JSON: the
 * browser's bundle would carry it.)
 */
export interface TableRoute {
  /** The path; `:id` matches one path segment. */
  path: string;
  /** The module under src/pages/; its named export is the file name in PascalCase. */
  page: string;
  /**
   * The API answers the server fetches before it renders the page (src/http/site/assets.rs
   * PageData): `blog-list` is page 1 of the list (of which a page embeds only the posts it
   * showed), `blog-list?page&q` the list page and search of the query string, `blog:id` the
   * post of `:id`.
   */
  data?: readonly string[];
  /** Never server-rendered, indexed or cached by others (the staff's, and those of links in subscriber mail). */
  private?: boolean;
  /** Its own frame instead of the public header and footer (the staff's). */
  bare?: boolean;
}

const tableRoutes: readonly TableRoute[] = routeTable.routes;

/** One public page inside the layout's header and footer. */
function pageRoute({ path, page: name }: TableRoute): RouteObject {
  return path === '/'
    ? { index: true, element: page(name), id: name + path }
    : { path: path.slice(1), element: page(name), id: name + path };
}

/**
 * A staff page: outside the public header and footer; each brings its own frame in its own
 * chunk, so nothing of them weighs on the public pages' first load.
 */
function bareRoute({ path, page: name }: TableRoute): RouteObject {
  return {
    path,
    id: name + path,
    element: (
      <RouteErrorBoundary resetKey={path}>
        <Suspense fallback={null}>{page(name)}</Suspense>
      </RouteErrorBoundary>
    ),
  };
}

const layout = <Layout />;
/** Any other path: the not-found page, a page module as the table's are. */
const NOT_FOUND_PAGE = 'not-found-page';
const notFound: RouteObject = { path: '*', element: page(NOT_FOUND_PAGE), id: NOT_FOUND_PAGE };
/** Each table route's one route object (so its page element is the same in every tree below). */
const routeObjects = new Map(
  tableRoutes.map((route) => [route, route.bare ? bareRoute(route) : pageRoute(route)]),
);

function routeObject(route: TableRoute): RouteObject {
  const object = routeObjects.get(route);
  if (!object) throw new Error(`${route.path} is not in the route table`);
  return object;
}

/** Every page of the site, from the one route table the server reads too (route-table.json). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: layout,
    children: [...tableRoutes.filter((route) => !route.bare).map(routeObject), notFound],
  },
  ...tableRoutes.filter((route) => route.bare).map(routeObject),
];

/** The routes React Router needs for one table route: its page in the layout, or bare. */
function tree(route: TableRoute): RouteObject[] {
  if (route.bare) return [routeObject(route)];
  return [{ path: '/', element: layout, children: [routeObject(route)] }];
}

/**
 * The table route of `pathname` found without React Router's ranking of the whole table, which
 * costs more than the rest of a small page's server render: the static paths by a map (React
 * Router matches without regard to case and allows trailing slashes), then the `:id` ones in
 * the table's order. Paths it does not recognise (a 404, an encoded character) are left to
 * React Router's full match, so the answer is always the router's own.
 */
interface Candidate {
  route: TableRoute;
  routes: RouteObject[];
}

const staticRoutes = new Map<string, Candidate>();
const paramRoutes: Candidate[] = [];
for (const route of tableRoutes) {
  const candidate = { route, routes: tree(route) };
  if (route.path.includes(':')) paramRoutes.push(candidate);
  else staticRoutes.set(route.path.toLowerCase(), candidate);
}

function candidateFor(pathname: string): Candidate | undefined {
  const hit = staticRoutes.get(pathname.replace(/(.)\/+$/, '$1').toLowerCase());
  if (hit) return hit;
  return paramRoutes.find(({ route }) => matchPath({ path: route.path, end: true }, pathname));
}

/** What `useRoutes` needs to render `pathname`: one branch when the table knows it. */
export function routesFor(pathname: string): RouteObject[] {
  return candidateFor(pathname)?.routes ?? routes;
}

/**
 * What of `pathname` the site's frame depends on (its links mark the current page): the path
 * itself for a page of its own, the table's pattern for one of many (every post is
 * `/blogs/detail/:id`), and undefined for a path the table does not know.
 */
export function frameKeyFor(pathname: string): string | undefined {
  const known = candidateFor(pathname);
  if (!known) return undefined;
  return known.route.path.includes(':') ? known.route.path : pathname;
}

/** The route-table page that shows `pathname`, if any. */
export function pageFor(pathname: string): string | undefined {
  const known = candidateFor(pathname);
  if (known) return known.route.page;
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  if (leaf === notFound) return NOT_FOUND_PAGE;
  return tableRoutes.find(({ path, page: name }) => leaf?.id === name + path)?.page;
}

/** The server bundle has every page module at hand. */
export function providePages(modules: Record<string, PageModule>): void {
  for (const [file, module] of Object.entries(modules)) {
    const name = file.replace(/^.*\/|\.tsx$/g, '');
    loadedPages.set(name, pageComponent(name, module));
  }
}
