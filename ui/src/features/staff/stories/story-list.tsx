import { useEffect, useState } from 'preact/hooks';
import { useSearchParams } from 'react-router-dom';
import { Link } from '@/components/site-link';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { formatCount, formatTime } from '@/features/staff/shell/staff-format';
import { StaffPager } from '@/features/staff/shell/staff-pager';
import { StaffAlert, TableHead } from '@/features/staff/shell/staff-parts';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { storyApi } from './story-api';
import { stateText } from './story-state';

/** `/staff/stories`: every story, drafts and scheduled ones too, newest first, with search. */
export function StoryList() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pageNumber = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [draft, setDraft] = useState(q);
  const shown = useStaffLoad(
    (signal) => storyApi.list({ q: q || undefined, page: pageNumber }, signal),
    [q, pageNumber],
    apiMessageOr(''),
  );
  const page = shown.data;

  useEffect(() => setDraft(q), [q]);

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
      <StaffAlert message={shown.error} />
      <p class="inbox-summary" aria-live="polite">
        {page
          ? `${formatCount(page.pagination.total)} ${page.pagination.total === 1 ? 'story' : 'stories'}`
          : 'Loading…'}
      </p>
      <table class="inbox-table stories__table">
        <caption class="visually-hidden">Stories, newest first</caption>
        <TableHead columns={['Title', 'State', 'Date', 'Last saved']} />
        <tbody>
          {page?.data.map((line) => (
            <tr key={line._id}>
              <td data-label="Title">
                <Link to={`/staff/stories/${line._id}`} class="stories__open">
                  {line.title}
                </Link>
              </td>
              <td data-label="State">
                <span class={`status-badge editor-state--${line.state}`}>{stateText(line)}</span>
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
