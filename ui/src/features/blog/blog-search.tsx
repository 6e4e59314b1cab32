import { useEffect, useState } from 'preact/hooks';
import { blogContent } from '@/content/blog';

const DEBOUNCE_MS = 350;

interface BlogSearchProps {
  /** The search in the URL (?q=). */
  query: string;
  /** Called once typing pauses, or at once on Enter. */
  onSearch: (query: string) => void;
}

/** The search box; what it holds follows the URL on back and forward. */
export function BlogSearch({ query, onSearch }: BlogSearchProps) {
  const [draft, setDraft] = useState(query);
  const { search } = blogContent;

  // Back/forward (or a cleared search) changes the URL: show that, unless it is what is typed.
  useEffect(() => {
    setDraft((current) => (current.trim() === query ? current : query));
  }, [query]);

  useEffect(() => {
    const wanted = draft.trim();
    if (wanted === query) return;
    const timer = setTimeout(() => onSearch(wanted), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, query, onSearch]);

  return (
    <form
      class="blog-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <label class="visually-hidden" for="blog-search-input">
        {search.label}
      </label>
      <svg class="blog-search__icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z M21 21l-5-5"
          fill="none"
          stroke="currentColor"
          stroke-width="2"
          stroke-linecap="round"
        />
      </svg>
      <input
        id="blog-search-input"
        class="blog-search__input"
        type="search"
        name="q"
        value={draft}
        placeholder={search.placeholder}
        autoComplete="off"
        onInput={(event) => setDraft((event.currentTarget as HTMLInputElement).value)}
      />
      {draft && (
        <button
          type="button"
          class="blog-search__clear"
          onClick={() => {
            setDraft('');
            onSearch('');
          }}
        >
          {search.clearLabel}
        </button>
      )}
    </form>
  );
}
