import type { ComponentChildren } from 'preact';
import { Link } from '@/components/site-link';
import type { Banner, BreadcrumbItem } from '@/content/types';
import { fieldOf } from '@/lib/page-fields';
import { declareBreadcrumb } from '@/lib/page-meta';
import './page-hero.css';

function Breadcrumb({ items, at }: { items: readonly BreadcrumbItem[]; at: string }) {
  return (
    <nav class="breadcrumb" aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}-${index}`} {...fieldOf(`${at}.breadcrumb.${index}.label`)}>
              {item.path && !last ? (
                <Link to={item.path}>{item.label}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

interface PageHeroProps {
  /**
   * The page's banner: its headline is the title, its text the line under it and its artwork
   * the art, unless `title`, `text` or `art` say otherwise.
   */
  banner?: Banner;
  title?: string;
  /** A line under the title. */
  text?: string;
  /** The artwork and what it shows. */
  art?: Pick<Banner, 'image' | 'imageAlt'>;
  breadcrumb?: readonly BreadcrumbItem[];
  children?: ComponentChildren;
  /**
   * The content export the banner and breadcrumb are in (`aboutContent`): a preview of the
   * page editor ties each to its field (`<at>.banner.headline`...). `titleAt` and `textAt`
   * name the title's and the text's fields when they are not the banner's headline and text.
   */
  at?: string;
  titleAt?: string;
  textAt?: string;
}

/** The banner at the top of an inner page: artwork, breadcrumb, the page's h1. */
export function PageHero({
  banner,
  title = banner?.headline ?? '',
  text = banner?.text,
  art = banner,
  breadcrumb,
  children,
  at = '',
  titleAt,
  textAt,
}: PageHeroProps) {
  if (breadcrumb) declareBreadcrumb(breadcrumb);
  return (
    <header class="page-hero">
      {art?.image && (
        <img
          class="page-hero__art"
          src={art.image}
          alt={art.imageAlt}
          width={1600}
          height={600}
          fetchpriority="high"
          {...fieldOf(`${at}.banner.image`)}
        />
      )}
      <div class="page-hero__content">
        {breadcrumb && <Breadcrumb items={breadcrumb} at={at} />}
        <h1 class="page-hero__title" {...fieldOf(titleAt ?? `${at}.banner.headline`)}>
          {title}
        </h1>
        {text && (
          <p class="page-hero__text" {...fieldOf(textAt ?? `${at}.banner.text`)}>
            {text}
          </p>
        )}
        {children}
      </div>
    </header>
  );
}
