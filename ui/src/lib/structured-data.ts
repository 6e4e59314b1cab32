import type { Blog } from './api-types';
import { brandName, companyDetails } from './company-details';
import { mediaUrl } from './runtime-config';

/** Makes a path on this site absolute (the server knows the site's address). */
export type Absolute = (path: string) => string;

/** schema.org objects for a page's JSON-LD, given how to make its URLs absolute. */
export type StructuredData = (absolute: Absolute) => readonly Record<string, unknown>[];

const LOGO_PATH = '/favicon.svg';

/** Who we are, as the office saved it (the company's details). */
function organization(absolute: Absolute): Record<string, unknown> {
  const details = companyDetails();
  const { facebook, instagram, linkedin, youtube } = details.social;
  return {
    '@type': 'Organization',
    '@id': absolute('/#organization'),
    name: brandName(),
    url: absolute('/'),
    logo: absolute(LOGO_PATH),
    email: details.email,
    telephone: details.phone,
    sameAs: [facebook, instagram, linkedin, youtube].filter(Boolean),
  };
}

/** The home page: who we are (Organization) and the site (WebSite). */
export const homeStructuredData: StructuredData = (absolute) => [
  organization(absolute),
  {
    '@type': 'WebSite',
    '@id': absolute('/#website'),
    name: brandName(),
    url: absolute('/'),
    publisher: { '@id': absolute('/#organization') },
  },
];

/** A post: schema.org's BlogPosting with what Google's article rich result asks for. */
export function blogPostingData(blog: Blog, path: string): StructuredData {
  return (absolute) => {
    const image = mediaUrl(blog.blog_image);
    return [
      {
        '@type': 'BlogPosting',
        headline: blog.title,
        description: blog.motive,
        ...(image ? { image: [image.startsWith('/') ? absolute(image) : image] } : {}),
        datePublished: blog.date,
        dateModified: blog.date,
        mainEntityOfPage: absolute(path),
        url: absolute(path),
        keywords: blog.tags.map((tag) => tag.name).join(', ') || undefined,
        author: blog.written_by
          ? { '@type': 'Person', name: blog.written_by.name }
          : { '@type': 'Organization', name: brandName(), url: absolute('/') },
        publisher: {
          '@type': 'Organization',
          name: brandName(),
          url: absolute('/'),
          logo: { '@type': 'ImageObject', url: absolute(LOGO_PATH) },
        },
      },
    ];
  };
}
