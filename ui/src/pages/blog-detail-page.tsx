import { useEffect, useMemo, useState } from 'preact/hooks';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Icon } from '@/components/icon';
import { MediaImage } from '@/components/media-image';
import { blogContent } from '@/content/blog';
import { messages } from '@/content/messages';
import { AuthorBadge } from '@/features/blog/author-badge';
import { blogColor, formatBlogDate } from '@/features/blog/blog-format';
import { pickOthers, seededRandom } from '@/features/blog/blog-layout';
import { LoadFailed } from '@/features/blog/load-failed';
import { PostBody } from '@/features/blog/post-body';
import { SimilarBlogs } from '@/features/blog/similar-blogs';
import { SubscribePanel } from '@/features/blog/subscribe-panel';
import { ApiError } from '@/lib/api-client';
import type { Blog } from '@/lib/api-types';
import { getBlog, listBlogs } from '@/lib/blog-api';
import { preloadOf } from '@/lib/image-set';
import { takeBlog, takeList } from '@/lib/page-data';
import { usePageMeta } from '@/lib/page-meta';
import { mediaUrl } from '@/lib/runtime-config';
import { blogPostingData } from '@/lib/structured-data';
import { toast } from '@/lib/toast';
import { useInlineStyle } from '@/lib/use-inline-style';
import { useRemote } from '@/lib/use-remote';
import '@/styles/controls.css';
import '@/styles/forms.css';
import '@/features/blog/blog-detail.css';

/** The post's picture fills the article column (blog-detail.css: 800px, less 1rem each side on phones). */
const HERO_SIZES = '(min-width: 832px) 800px, calc(100vw - 2rem)';

/** SPEC.md section 9: the detail page shows 3 related blogs. */
const SIMILAR_COUNT = 3;

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** 'Back to blogs': one step back in history, or the list when the post was opened directly. */
function BackToBlogs() {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router gives the first entry of a visit the key "default": nothing to go back to.
  const hasHistory = location.key !== 'default';
  return (
    <Link
      to="/blogs"
      class="blog-detail__back"
      onClick={(event) => {
        if (!hasHistory) return;
        event.preventDefault();
        navigate(-1);
      }}
    >
      <Icon name="arrow-left" size={18} />
      {blogContent.backToBlogsLabel}
    </Link>
  );
}

/** SPEC.md section 4: a toast, then the home page after 2 seconds. */
function useNotFoundRedirect(active: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    toast.error(messages.blogNotFound);
    const { path, delayMs } = blogContent.notFoundRedirect;
    const timer = setTimeout(() => navigate(path, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [active, navigate]);
}

function BlogArticle({ blog }: { blog: Blog }) {
  const color = blogColor(blog.color);
  const tags = blog.tags.map((tag) => tag.name).filter(Boolean);
  const kicker = useInlineStyle<HTMLParagraphElement>({ color });
  return (
    <article class="blog-detail__article" aria-labelledby="blog-title">
      <header class="blog-detail__header">
        <p class="blog-detail__kicker" ref={kicker}>
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
      <PostBody html={blog.content} />
    </article>
  );
}

function DetailLoading() {
  return (
    <div class="blog-detail__loading" aria-busy="true">
      <h1 class="visually-hidden">{blogContent.detailTitleFallback}</h1>
      <p class="visually-hidden" role="status">
        {blogContent.detailLoading}
      </p>
      <span class="blog-skeleton blog-skeleton--line blog-skeleton--short" />
      <span class="blog-skeleton blog-skeleton--title" />
      <span class="blog-skeleton blog-skeleton--line blog-skeleton--short" />
      <span class="blog-skeleton blog-skeleton--image" />
    </div>
  );
}

export function BlogDetailPage() {
  const { id = '' } = useParams();
  const [attempt, setAttempt] = useState(0);

  const remote = useRemote(
    (signal) => getBlog(id, signal),
    [id, attempt],
    (error) => {
      if (!isNotFound(error)) toast.error(blogContent.detailFailed);
    },
    () => takeBlog(id),
  );
  // Related posts are extra: when they fail to load the section is simply not shown.
  const others = useRemote(
    (signal) => listBlogs(1, '', signal),
    [id],
    () => {},
    () => takeList(1, ''),
  );

  const notFound =
    (remote.status === 'ready' && remote.data === null) ||
    (remote.status === 'error' && isNotFound(remote.error));
  useNotFoundRedirect(notFound);

  const similar = useMemo(
    () =>
      others.status === 'ready' ? pickOthers(others.data.blogs, id, SIMILAR_COUNT, seededRandom(id)) : [],
    [others, id],
  );

  const blog = remote.status === 'ready' ? remote.data : null;
  const { pathname } = useLocation();
  usePageMeta(
    blog
      ? {
          title: blog.title,
          description: blog.motive,
          image: mediaUrl(blog.blog_image),
          preloadImage: preloadOf(blog.blog_image, blog.blog_image_set, HERO_SIZES),
          type: 'article',
          structuredData: blogPostingData(blog, pathname),
        }
      : { title: blogContent.detailTitleFallback, noindex: notFound },
  );

  return (
    <div class="blog-detail">
      <div class="blog-detail__inner">
        <BackToBlogs />
        {remote.status === 'loading' && <DetailLoading />}
        {notFound && (
          <div class="blog-detail__message">
            <h1 class="blog-detail__title">{blogContent.detailTitleFallback}</h1>
            <p>{messages.blogNotFound}</p>
          </div>
        )}
        {remote.status === 'error' && !notFound && (
          <LoadFailed
            class="blog-detail__message"
            message={blogContent.detailFailed}
            onRetry={() => setAttempt((n) => n + 1)}
          >
            <h1 class="blog-detail__title">{blogContent.detailTitleFallback}</h1>
          </LoadFailed>
        )}
        {blog && <BlogArticle blog={blog} />}
      </div>
      {blog && (
        <div class="blog-detail__after">
          {similar.length > 0 && <hr class="blog-detail__divider" />}
          <SimilarBlogs blogs={similar} />
          <SubscribePanel />
        </div>
      )}
    </div>
  );
}
