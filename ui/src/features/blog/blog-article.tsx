import { MediaImage } from '@/components/media-image';
import type { Blog } from '@/lib/api-types';
import { useInlineStyle } from '@/lib/use-inline-style';
import { AuthorBadge } from './author-badge';
import { blogColor, formatBlogDate } from './blog-format';
import { COLUMN_SIZES, PostBody } from './post-body';
import './blog-detail.css';

/** The post's picture fills the article column, as the body's images do. */
export const HERO_SIZES = COLUMN_SIZES;

/**
 * A post as its page shows it: kicker (tags and reading time in its colour), title, byline,
 * image, motive and body. The post page and the story editor's preview both show this, so
 * the preview is what visitors get.
 */
export function BlogArticle({ blog }: { blog: Blog }) {
  const color = blogColor(blog.color);
  const tags = blog.tags.map((tag) => tag.name).filter(Boolean);
  const kicker = useInlineStyle<HTMLParagraphElement>({ color });
  return (
    <article class="blog-detail__article" aria-labelledby="blog-title">
      <header class="blog-detail__header">
        <p class="blog-detail__kicker" {...kicker}>
          <span class="blog-detail__meta">
            {tags.length > 0 && (
              <span class="blog-detail__tags">
                {tags.map((tag) => (
                  <span key={tag} class="blog-detail__tag">
                    {tag}
                  </span>
                ))}
              </span>
            )}
            <span class="blog-detail__read">{blog.min_read}</span>
          </span>
        </p>
        <h1 id="blog-title" class="blog-detail__title">
          {blog.title}
        </h1>
        <div class="blog-detail__byline">
          {blog.written_by && <AuthorBadge author={blog.written_by} color={color} />}
          <time class="blog-detail__date" dateTime={blog.date}>
            {formatBlogDate(blog.date)}
          </time>
        </div>
      </header>
      {/* A post without an image goes straight from its header to its motive. */}
      {blog.blog_image && (
        <MediaImage
          class="blog-detail__image"
          path={blog.blog_image}
          set={blog.blog_image_set}
          sizes={HERO_SIZES}
          width={1200}
          height={675}
          fetchpriority="high"
        />
      )}
      <p class="blog-detail__motive">{blog.motive}</p>
      <PostBody html={blog.content} images={blog.content_images} />
    </article>
  );
}
