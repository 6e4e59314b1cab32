/**
 * Settings the server writes into index.html at run time, so the office can move
 * images to a bucket (or the API elsewhere) without rebuilding the site.
 */
/** What the server renderer runs with (it has no document to read them from). */
export interface ServerConfig {
  apiBase: string;
  mediaBase: string;
  /** The host visitors reach the site at, e.g. `www.example.com`. */
  siteHost: string;
}

let serverConfig: ServerConfig | null = null;

export function setServerConfig(config: ServerConfig): void {
  serverConfig = config;
}

function meta(name: string, fallback: string): string {
  if (serverConfig) {
    return (name === 'corpsite:api-base' ? serverConfig.apiBase : serverConfig.mediaBase) || fallback;
  }
  if (typeof document === 'undefined') return fallback;
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
  get siteHost(): string {
    if (serverConfig) return serverConfig.siteHost;
    return typeof location === 'undefined' ? '' : location.host;
  },
};

/** The URL of a stored media path (a blog image, an author photo). Absolute URLs pass through. */
export function mediaUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^https?:\/\//i.test(path)) return path;
  return runtimeConfig.mediaBase + path.replace(/^\/+/, '');
}
