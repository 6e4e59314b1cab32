/**
 * Settings the server writes into index.html at run time, so the office can move
 * images to a bucket (or the API elsewhere) without rebuilding the site.
 */
function meta(name: string, fallback: string): string {
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content?.trim();
  return value ? value : fallback;
}

function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

export const runtimeConfig = {
  get apiBase(): string {
    return meta('corpsite:api-base', '/api').replace(/\/+$/, '');
  },
  get mediaBase(): string {
    return withTrailingSlash(meta('corpsite:media-base', '/media/'));
  },
};

/** The URL of a stored media path (a blog image, an author photo). Absolute URLs pass through. */
export function mediaUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^https?:\/\//i.test(path)) return path;
  return runtimeConfig.mediaBase + path.replace(/^\/+/, '');
}
