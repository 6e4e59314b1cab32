import { type ComponentType, lazy, Suspense } from 'preact/compat';
import type { RouteObject } from 'react-router-dom';
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

/** `blog-detail-page` -> `BlogDetailPage`, the page module's named export. */
function exportName(page: string): string {
  return page.replace(/(^|-)(\w)/g, (_match, _dash, letter: string) => letter.toUpperCase());
}

/** One page as its own chunk. */
function page(name: string) {
  const load = pageModules[name];
  if (!load) throw new Error(`route-table.json names a page that does not exist: ${name}`);
  const Page = lazy(async () => {
    const Component = (await load())[exportName(name)];
    if (!Component) throw new Error(`Page module ${name} has no export named ${exportName(name)}`);
    return { default: Component };
  });
  return <Page />;
}

const isPrivate = (route: { private?: boolean }) => route.private === true;

/** SPEC.md section 2, from the one route table the server reads too (route-table.json). */
const pageRoutes: RouteObject[] = [
  ...routeTable.routes
    .filter((route) => !isPrivate(route))
    .map(
      ({ path, page: name }): RouteObject =>
        path === '/' ? { index: true, element: page(name) } : { path: path.slice(1), element: page(name) },
    ),
  { path: '*', element: <NotFoundScreen /> },
];

/**
 * The staff pages (`"private": true`): outside the public header and footer; each brings its own
 * frame in its own chunk, so nothing of them weighs on the public pages' first load.
 */
const privateRoutes: RouteObject[] = routeTable.routes.filter(isPrivate).map(({ path, page: name }) => ({
  path,
  element: (
    <RouteErrorBoundary resetKey={path}>
      <Suspense fallback={null}>{page(name)}</Suspense>
    </RouteErrorBoundary>
  ),
}));

export const routes: RouteObject[] = [
  { path: '/', element: <Layout />, children: pageRoutes },
  ...privateRoutes,
];
