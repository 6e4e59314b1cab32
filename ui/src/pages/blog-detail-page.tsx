import { useMemo, useState } from 'preact/hooks';
import { useParams } from 'react-router-dom';
import { useCurrentPath } from '@/components/site-link';
import { BlogArticle, HERO_SIZES } from '@/features/blog/blog-article';
import { pickOthers, seededRandom } from '@/features/blog/blog-layout';
import { blogWords } from '@/features/blog/blog-words';
import { LoadFailed } from '@/features/blog/load-failed';
import { SimilarBlogs } from '@/features/blog/similar-blogs';
import BackToBlogs from '@/islands/back-to-blogs';
import NotFoundRedirect from '@/islands/not-found-redirect';
import SubscribePanel from '@/islands/subscribe-panel';
import { ApiError } from '@/lib/api-client';
import { getBlog, listBlogs } from '@/lib/blog-api';
import { preloadOf } from '@/lib/image-set';
import { takeBlog, takeList } from '@/lib/page-data';
import { visitorMessages } from '@/lib/page-fields';
import { usePageMeta } from '@/lib/page-meta';
import { mediaUrl } from '@/lib/runtime-config';
import { blogPostingData } from '@/lib/structured-data';
import { toast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import '@/styles/controls.css';
import '@/styles/forms.css';
import '@/features/blog/blog-detail.css';

/** The detail page shows 3 related blogs. */
const SIMILAR_COUNT = 3;

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

function DetailLoading() {
  return (
    <div class="blog-detail__loading" aria-busy="true">
      <h1 class="visually-hidden">{blogWords().detailTitleFallback}</h1>
      <p class="visually-hidden" role="status">
        {blogWords().detailLoading}
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
      if (!isNotFound(error)) toast.error(blogWords().detailFailed);
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

  const similar = useMemo(
    () =>
      others.status === 'ready' ? pickOthers(others.data.blogs, id, SIMILAR_COUNT, seededRandom(id)) : [],
    [others, id],
  );
  const blog = remote.status === 'ready' ? remote.data : null;
  const pathname = useCurrentPath();
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
      : { title: blogWords().detailTitleFallback, noindex: notFound },
  );

  return (
    <div class="blog-detail">
      <div class="blog-detail__inner">
        <BackToBlogs label={blogWords().backToBlogsLabel} />
        {remote.status === 'loading' && <DetailLoading />}
        {notFound && (
          <div class="blog-detail__message">
            <h1 class="blog-detail__title">{blogWords().detailTitleFallback}</h1>
            <p>{visitorMessages().blogNotFound}</p>
            <NotFoundRedirect message={visitorMessages().blogNotFound} {...blogWords().notFoundRedirect} />
          </div>
        )}
        {remote.status === 'error' && !notFound && (
          <LoadFailed
            class="blog-detail__message"
            message={blogWords().detailFailed}
            onRetry={() => setAttempt((n) => n + 1)}
          >
            <h1 class="blog-detail__title">{blogWords().detailTitleFallback}</h1>
          </LoadFailed>
        )}
        {blog && <BlogArticle blog={blog} />}
      </div>
      {blog && (
        <div class="blog-detail__after">
          {similar.length > 0 && <hr class="blog-detail__divider" />}
          <SimilarBlogs blogs={similar} />
          <SubscribePanel words={blogWords().subscribe} />
        </div>
      )}
    </div>
  );
}
