/** The site path of a post: /blogs/detail/{id} (SPEC.md section 2). */
export function blogPath(id: string): string {
  return `/blogs/detail/${encodeURIComponent(id)}`;
}
