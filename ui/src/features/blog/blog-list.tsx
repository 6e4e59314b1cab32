import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { useQuery } from '@/components/site-link';
import { listBlogs } from '@/lib/blog-api';
import { fillIn } from '@/lib/fill-in';
import { takeList } from '@/lib/page-data';
import { fieldOf } from '@/lib/page-fields';
import { toast } from '@/lib/toast';
import { useRemote } from '@/lib/use-remote';
import { BlogCard, BlogCardSkeleton } from './blog-card';
import { groupBlogs, pageCount, parsePage, showsPagination } from './blog-layout';
import { BlogPagination } from './blog-pagination';
import { BlogSearch } from './blog-search';
import { blogWords } from './blog-words';
import { LoadFailed } from './load-failed';

const SKELETON_CARDS = 8;

function listSearch(page: number, query: string): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * The blog list's search, cards and pages (`?q=`, `?page=`): a new search or page is a new
 * address, read back as the list's state, so back, forward and a shared link show the same.
 * `titles` are the tab's title of the list's first page and of a later one (`{page}` its
 * number), as the page's head says them (`blogListTitles`).
 */
export function BlogList({ titles }: { titles: readonly [string, string] }) {
  const [params, setParams] = useQuery();
  const page = parsePage(params.get('page'));
  const query = (params.get('q') ?? '').trim();
  const [attempt, setAttempt] = useState(0);
  const listTop = useRef<HTMLHeadingElement>(null);
  const words = blogWords();
  const { search } = words;

  // A page of the list shown in place names itself in the tab, as the server names it.
  useEffect(() => {
    const title = page > 1 ? titles[1].replace('{page}', String(page)) : titles[0];
    if (document.title !== title) document.title = title;
  }, [page, titles]);

  const remote = useRemote(
    (signal) => listBlogs(page, query, signal),
    [page, query, attempt],
    () => toast.error(words.listFailed),
    () => takeList(page, query),
  );
  const onSearch = useCallback(
    (next: string) => {
      if (next === query) return;
      // Starting a search adds a history entry; refining or clearing it replaces that entry.
      setParams(new URLSearchParams(listSearch(1, next)), { replace: query !== '' });
    },
    [query, setParams],
  );

  // A new page of results starts at the top of the list, not at the pagination.
  const scrollToList = useCallback(() => {
    listTop.current?.scrollIntoView({ block: 'start' });
  }, []);
  const previousPage = useRef(page);
  useEffect(() => {
    if (previousPage.current !== page) scrollToList();
    previousPage.current = page;
  }, [page, scrollToList]);

  const blogs = remote.status === 'ready' ? remote.data.blogs : [];
  const pagination = remote.status === 'ready' ? remote.data.pagination : undefined;

  return (
    <section class="blog-list" aria-labelledby="blog-list-title">
      <div class="blog-list__head">
        <h2
          id="blog-list-title"
          ref={listTop}
          class="blog-list__headline"
          {...fieldOf('blogContent.listHeading')}
        >
          {words.listHeading}
        </h2>
        <BlogSearch query={query} onSearch={onSearch} />
      </div>

      <p class="blog-list__status" role="status">
        {remote.status === 'loading' && words.listLoading}
        {remote.status === 'ready' &&
          query &&
          blogs.length > 0 &&
          fillIn(search.matchesSummary, { count: pagination?.total ?? blogs.length, query })}
      </p>

      {remote.status === 'loading' && (
        <div class="blog-cards blog-grid" aria-hidden="true">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <BlogCardSkeleton key={i} />
          ))}
        </div>
      )}

      {remote.status === 'error' && (
        <LoadFailed
          class="blog-list__message"
          message={words.listFailed}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}

      {remote.status === 'ready' && blogs.length === 0 && (
        <div class="blog-list__message">
          {query ? (
            <>
              <p class="blog-list__message-title">{fillIn(search.noMatches, { query })}</p>
              <p>{search.noMatchesHint}</p>
              <button type="button" class="action-button action-button--primary" onClick={() => onSearch('')}>
                {search.clearLabel}
              </button>
            </>
          ) : (
            <p {...fieldOf('blogContent.noBlogsYet')}>{words.noBlogsYet}</p>
          )}
        </div>
      )}

      {blogs.length > 0 && (
        <ul class="blog-cards blog-grid">
          {groupBlogs(blogs).flatMap((group) =>
            group.items.map(({ blog, variant }) => (
              <li key={blog._id} class={`blog-grid__item blog-grid__item--${variant}`} data-group={group.id}>
                <BlogCard blog={blog} variant={variant} />
              </li>
            )),
          )}
        </ul>
      )}

      {pagination && showsPagination(pagination) && (
        <BlogPagination
          page={pagination.page}
          pages={pageCount(pagination)}
          searchFor={(target) => listSearch(target, query)}
          onNavigate={scrollToList}
        />
      )}
    </section>
  );
}
