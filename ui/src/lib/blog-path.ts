/** The site path of a post: /blogs/detail/{id}. */
export function blogPath(id: string): string {
  return `/blogs/detail/${encodeURIComponent(id)}`;
}
