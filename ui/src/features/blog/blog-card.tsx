import { MediaImage } from '@/components/media-image';
import type { Blog } from '@/lib/api-types';
import { blogPath } from '@/lib/blog-path';
import { useInlineStyle } from '@/lib/use-inline-style';
import { blogColor } from './blog-format';
import type { BlogCardVariant } from './blog-layout';
import { blogWords } from './blog-words';
import './blog-card.css';
import { Link } from '@/components/site-link';
import { SharedMarkup } from '@/lib/shared-markup';

/**
 * How wide a card's picture shows (blog-list.css): the whole width on phones, half on tablets,
 * a quarter of the 1200px list (half for the opening card) from 1024px.
 */
const CARD_SIZES: Record<BlogCardVariant, string> = {
  feature: '(min-width: 1024px) 580px, (min-width: 640px) 50vw, 100vw',
  standard: '(min-width: 1024px) 280px, (min-width: 640px) 50vw, 100vw',
  text: '0px',
};

interface BlogCardProps {
  blog: Blog;
  variant: BlogCardVariant;
}

/**
 * One card of the blog grid; the whole card is the link to the post. The server renders a
 * post's card once per blogs' version (lib/shared-markup.tsx): every list page and search
 * that shows it reuses it.
 */
export function BlogCard(props: BlogCardProps) {
  const { blog, variant } = props;
  return (
    <SharedMarkup name={`blog-card ${variant} ${blog._id}`}>
      <Card {...props} />
    </SharedMarkup>
  );
}

function Card({ blog, variant }: BlogCardProps) {
  const tag = blog.tags[0]?.name;
  const author = blog.written_by?.name;
  const card = useInlineStyle<HTMLElement>({ '--blog-color': blogColor(blog.color) });
  return (
    <article class={`blog-card blog-card--${variant}`} {...card}>
      {variant !== 'text' && (
        <MediaImage
          class="blog-card__image"
          path={blog.blog_image}
          set={blog.blog_image_set}
          sizes={CARD_SIZES[variant]}
          width={1200}
          height={675}
          // Lazy even in the first row: the page's hero is its largest paint, and photos
          // fetched beside it would only slow it on a phone.
          loading="lazy"
        />
      )}
      <div class="blog-card__body">
        {tag && <span class="blog-card__tag">{tag}</span>}
        <h3 class="blog-card__title">
          <Link class="blog-card__link" to={blogPath(blog._id)}>
            {blog.title}
          </Link>
        </h3>
        {variant === 'text' && <p class="blog-card__motive">{blog.motive}</p>}
        {variant === 'feature' && author && (
          <p class="blog-card__author">
            {blogWords().writtenByPrefix} {author}
          </p>
        )}
      </div>
    </article>
  );
}

/** A grey placeholder card while the list loads. */
export function BlogCardSkeleton() {
  return (
    <div class="blog-card blog-card--skeleton" aria-hidden="true">
      <span class="blog-card__image blog-skeleton" />
      <div class="blog-card__body">
        <span class="blog-skeleton blog-skeleton--line" />
        <span class="blog-skeleton blog-skeleton--line blog-skeleton--short" />
      </div>
    </div>
  );
}
