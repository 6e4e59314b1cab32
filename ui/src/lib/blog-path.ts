import routeTable from '@/app/route-table.json' with { type: 'json' };

/** The path pattern of a page of the one route table (route-table.json), by its page name. */
function routePath(page: string): string {
  const route = routeTable.routes.find((entry) => entry.page === page);
  if (!route) throw new Error(`route-table.json has no page named ${page}`);
  return route.path;
}

const postRoute = routePath('blog-detail-page');

/** The site path of a post: the route table's `/blogs/detail/:id`, its id filled in as one segment. */
export function blogPath(id: string): string {
  return postRoute.replace(':id', () => encodeURIComponent(id));
}
