import { Link } from '@/components/site-link';
import { pageItems } from './blog-layout';
import { blogWords } from './blog-words';

interface BlogPaginationProps {
  page: number;
  pages: number;
  /** The list URL's search string for a page (keeps the search term). */
  searchFor: (page: number) => string;
  onNavigate: () => void;
}

/** Real links (?page=N), so a page can be opened in a new tab or shared. */
export function BlogPagination({ page, pages, searchFor, onNavigate }: BlogPaginationProps) {
  const items = pageItems(page, pages);
  const words = blogWords();
  return (
    <nav class="pagination" aria-label={words.paginationLabel}>
      <ul class="pagination__list">
        <li>
          {page > 1 ? (
            <Link class="pagination__step" to={{ search: searchFor(page - 1) }} onClick={onNavigate}>
              {words.previousPageLabel}
            </Link>
          ) : (
            <span class="pagination__step pagination__step--disabled" aria-disabled="true">
              {words.previousPageLabel}
            </span>
          )}
        </li>
        {items.map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} class="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                class="pagination__page"
                to={{ search: searchFor(item) }}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={onNavigate}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link class="pagination__step" to={{ search: searchFor(page + 1) }} onClick={onNavigate}>
              {words.nextPageLabel}
            </Link>
          ) : (
            <span class="pagination__step pagination__step--disabled" aria-disabled="true">
              {words.nextPageLabel}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
