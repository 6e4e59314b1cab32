import { MediaImage } from '@/components/media-image';
import type { Blog } from '@/lib/api-types';
import { blogPath } from '@/lib/blog-path';
import { formatBlogDate } from './blog-format';
import { blogWords } from './blog-words';
import './blog-card.css';
import { Link } from '@/components/site-link';
import { fieldOf } from '@/lib/page-fields';
import { SharedMarkup } from '@/lib/shared-markup';

/** 'Similar BLogs': up to three other posts; not rendered at all when there are none. */
export function SimilarBlogs({ blogs }: { blogs: readonly Blog[] }) {
  if (blogs.length === 0) return null;
  const { similar } = blogWords();
  return (
    <section class="similar" aria-labelledby="similar-title">
      <h2 id="similar-title" class="similar__title" {...fieldOf('blogContent.similar.heading')}>
        {similar.heading}
      </h2>
      <p class="similar__caption" {...fieldOf('blogContent.similar.caption')}>
        {similar.caption}
      </p>
      <ul class="blog-cards similar__grid">
        {blogs.map((blog) => (
          <li key={blog._id} class="similar__item">
            <SharedMarkup name={`similar-card ${blog._id}`}>
              <SimilarCard blog={blog} />
            </SharedMarkup>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One of them; the server renders it once per blogs' version (lib/shared-markup.tsx). */
function SimilarCard({ blog }: { blog: Blog }) {
  return (
    <article class="blog-card similar-card">
      <MediaImage
        class="blog-card__image"
        path={blog.blog_image}
        set={blog.blog_image_set}
        sizes="(min-width: 900px) 390px, 100vw"
        width={1200}
        height={675}
        loading="lazy"
      />
      <div class="blog-card__body">
        <h3 class="blog-card__title">
          <Link class="blog-card__link" to={blogPath(blog._id)}>
            {blog.title}
          </Link>
        </h3>
        <p class="similar-card__motive">{blog.motive}</p>
        <p class="similar-card__meta">
          {blog.written_by && <span class="similar-card__author">{blog.written_by.name}</span>}
          <time dateTime={blog.date}>{formatBlogDate(blog.date)}</time>
          <span>{blog.min_read}</span>
        </p>
      </div>
    </article>
  );
}
