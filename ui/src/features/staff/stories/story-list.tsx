import { useEffect, useState } from 'preact/hooks';
import { useSearchParams } from 'react-router-dom';
import { Link } from '@/components/site-link';
import { formatCount, formatTime } from '@/features/staff/shell/staff-format';
import { StaffPager } from '@/features/staff/shell/staff-pager';
import { ApiError } from '@/lib/api-client';
import { type StoryPage, storyApi } from './story-api';
import { stateText } from './story-state';

/** `/staff/stories`: every story, drafts and scheduled ones too, newest first, with search. */
export function StoryList() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pageNumber = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [draft, setDraft] = useState(q);
  const [page, setPage] = useState<StoryPage | null>(null);
  const [error, setError] = useState('');

  useEffect(() => setDraft(q), [q]);
  useEffect(() => {
    const controller = new AbortController();
    setError('');
    storyApi.list({ q: q || undefined, page: pageNumber }, controller.signal).then(setPage, (err) => {
      if (err instanceof ApiError) setError(err.message);
    });
    return () => controller.abort();
  }, [q, pageNumber]);

  const go = (next: { q?: string; page?: number }) => {
    const query = new URLSearchParams();
    if (next.q) query.set('q', next.q);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };
  const pages = page ? Math.max(1, Math.ceil(page.pagination.total / page.pagination.limit)) : 1;

  return (
    <div class="stories">
      <div class="stories__tools">
        <form
          class="stories__search"
          aria-label="Search the stories"
          onSubmit={(event) => {
            event.preventDefault();
            go({ q: draft.trim() });
          }}
        >
          <label class="staff-field">
            <span>Search titles, motives, bodies, tags and authors</span>
            <input type="search" value={draft} onInput={(e) => setDraft(e.currentTarget.value)} />
          </label>
          <button type="submit" class="staff-button">
            Search
          </button>
        </form>
        <Link to="/staff/stories/new" class="staff-button staff-button--primary">
          New story
        </Link>
      </div>
      {error && (
        <p class="staff-alert" role="alert">
          {error}
        </p>
      )}
      <p class="inbox-summary" aria-live="polite">
        {page
          ? `${formatCount(page.pagination.total)} ${page.pagination.total === 1 ? 'story' : 'stories'}`
          : 'Loading…'}
      </p>
      <table class="inbox-table stories__table">
        <caption class="visually-hidden">Stories, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">State</th>
            <th scope="col">Date</th>
            <th scope="col">Last saved</th>
          </tr>
        </thead>
        <tbody>
          {page?.data.map((line) => (
            <tr key={line._id}>
              <td data-label="Title">
                <Link to={`/staff/stories/${line._id}`} class="stories__open">
                  {line.title}
                </Link>
              </td>
              <td data-label="State">
                <span class={`status-badge story-state--${line.state}`}>{stateText(line)}</span>
              </td>
              <td data-label="Date">{line.date}</td>
              <td data-label="Last saved">
                {formatTime(line.updated_at)}
                {line.updated_by ? ` by ${line.updated_by}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {page && page.data.length === 0 && <p class="inbox-empty">No story matches.</p>}
      <StaffPager page={pageNumber} pages={pages} onPage={(next) => go({ q, page: next })} />
    </div>
  );
}
