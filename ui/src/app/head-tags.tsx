import { siteInfo } from '@/content/site';
import type { BreadcrumbItem } from '@/content/types';
import { brandName } from '@/lib/company-details';
import type { PreloadImage } from '@/lib/image-set';
import { documentTitle, type HeadCollector } from '@/lib/page-meta';
import type { Absolute } from '@/lib/structured-data';

/** The link preview of pages without an image of their own: 1200x630, served from ui/public. */
export const SOCIAL_IMAGE = { path: '/social-card.png', width: 1200, height: 630 };
export const FEED_PATH = '/blogs/feed.xml';

/** JSON in a script element: `<` never appears, so no `</script>` or `<!--` can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function breadcrumbList(items: readonly BreadcrumbItem[], here: string, absolute: Absolute) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      item: item.path ? absolute(item.path) : here,
    })),
  };
}

/** A preload's `imagesrcset` and `imagesizes` (HTML's names; the JSX types lack `imagesizes`). */
function imageCandidates(preload: PreloadImage): Record<string, string> {
  return preload.srcset && preload.sizes ? { imagesrcset: preload.srcset, imagesizes: preload.sizes } : {};
}

interface HeadTagsProps {
  head: HeadCollector;
  /** The page's canonical path (with its query, when it names a different page). */
  canonicalPath: string;
  absolute: Absolute;
  /** Private pages (staff) are never indexed. */
  noindex?: boolean;
}

/**
 * The head of a server-rendered page: title, description, canonical URL, link previews (Open
 * Graph, Twitter), the feed and JSON-LD. Rendered to a string like the page, so every value
 * is escaped by the same renderer.
 */
export function HeadTags({ head, canonicalPath, absolute, noindex }: HeadTagsProps) {
  const meta = head.meta ?? { title: brandName() };
  const title = documentTitle(meta.title);
  const description = meta.description ?? siteInfo.tagline;
  const url = absolute(canonicalPath);
  // Link previews show raster images only: a page's SVG artwork gives way to the site's card.
  const image =
    meta.image && !/\.svg(\?|$)/i.test(meta.image)
      ? { url: meta.image.startsWith('/') ? absolute(meta.image) : meta.image, alt: meta.imageAlt }
      : { url: absolute(SOCIAL_IMAGE.path), width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height };
  const preload = meta.preloadImage;
  const structured = [
    ...(meta.structuredData?.(absolute) ?? []),
    ...(head.breadcrumb ? [breadcrumbList(head.breadcrumb, url, absolute)] : []),
  ];
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {(noindex || meta.noindex) && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={url} />
      {preload && (
        <link
          rel="preload"
          as="image"
          href={preload.href}
          {...imageCandidates(preload)}
          type={preload.type}
          fetchpriority="high"
        />
      )}
      <link
        rel="alternate"
        type="application/rss+xml"
        title={`${brandName()} blogs`}
        href={absolute(FEED_PATH)}
      />
      <meta property="og:type" content={meta.type ?? 'website'} />
      <meta property="og:site_name" content={brandName()} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image.url} />
      {image.width && <meta property="og:image:width" content={String(image.width)} />}
      {image.height && <meta property="og:image:height" content={String(image.height)} />}
      {image.alt && <meta property="og:image:alt" content={image.alt} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image.url} />
      {image.alt && <meta name="twitter:image:alt" content={image.alt} />}
      {structured.map((item, index) => (
        <script
          key={index}
          type="application/ld+json"
          // JSON escaped by scriptJson: nothing in it can end the element.
          dangerouslySetInnerHTML={{ __html: scriptJson({ '@context': 'https://schema.org', ...item }) }}
        />
      ))}
    </>
  );
}
