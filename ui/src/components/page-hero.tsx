import type { ComponentChildren } from 'preact';
import { Link } from '@/components/site-link';
import type { Banner, BreadcrumbItem } from '@/content/types';
import { declareBreadcrumb } from '@/lib/page-meta';
import './page-hero.css';

function Breadcrumb({ items }: { items: readonly BreadcrumbItem[] }) {
  return (
    <nav class="breadcrumb" aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}-${index}`}>
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
  title: string;
  /** A line under the title. */
  text?: string;
  /** The page's banner: its artwork and what the artwork shows. */
  art?: Pick<Banner, 'image' | 'imageAlt'>;
  breadcrumb?: readonly BreadcrumbItem[];
  children?: ComponentChildren;
}

/** The banner at the top of an inner page: artwork, breadcrumb, the page's h1. */
export function PageHero({ title, text, art, breadcrumb, children }: PageHeroProps) {
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
        />
      )}
      <div class="page-hero__content">
        {breadcrumb && <Breadcrumb items={breadcrumb} />}
        <h1 class="page-hero__title">{title}</h1>
        {text && <p class="page-hero__text">{text}</p>}
        {children}
      </div>
    </header>
  );
}
