import { useEffect, useRef, useState } from 'preact/hooks';
import { blogWords } from './blog-words';

const DEBOUNCE_MS = 350;

interface BlogSearchProps {
  /** The search in the URL (?q=). */
  query: string;
  /** Called once typing pauses, or at once on Enter. */
  onSearch: (query: string) => void;
}

/**
 * The search box; what it holds follows the URL on back and forward.
 *
 * Only typing starts the debounce, never a render: a timer started from a render that comes
 * late would search again for what the box held before the URL moved. A URL change the box
 * asked for leaves what is typed alone (typing may have gone on); any other one (back, forward)
 * drops a search still waiting and shows the URL's.
 */
export function BlogSearch({ query, onSearch }: BlogSearchProps) {
  const [draft, setDraft] = useState(query);
  const { search } = blogWords();
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The search this box asked for that the URL has not shown yet. */
  const asked = useRef<string | null>(null);
  const latest = useRef({ query, onSearch });
  latest.current = { query, onSearch };

  const send = (text: string) => {
    clearTimeout(pending.current);
    const wanted = text.trim();
    if (wanted !== latest.current.query) asked.current = wanted;
    latest.current.onSearch(wanted);
  };

  useEffect(() => {
    if (query === asked.current) {
      asked.current = null;
      return;
    }
    clearTimeout(pending.current);
    setDraft((current) => (current.trim() === query ? current : query));
  }, [query]);
  useEffect(() => () => clearTimeout(pending.current), []);

  return (
    <form
      class="blog-search"
      onSubmit={(event) => {
        event.preventDefault();
        send(draft);
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
        onInput={(event) => {
          const text = (event.currentTarget as HTMLInputElement).value;
          setDraft(text);
          clearTimeout(pending.current);
          pending.current = setTimeout(() => send(text), DEBOUNCE_MS);
        }}
      />
      {draft && (
        <button
          type="button"
          class="blog-search__clear"
          onClick={() => {
            setDraft('');
            send('');
          }}
        >
          {search.clearLabel}
        </button>
      )}
    </form>
  );
}
