import { useEffect, useState } from 'preact/hooks';
import { useSearchParams } from 'react-router-dom';
import { formatCount, formatTime } from '@/features/staff/shell/staff-format';
import { StaffPager } from '@/features/staff/shell/staff-pager';
import { ApiError } from '@/lib/api-client';
import { exportUrl, type InboxFilters, inboxApi, type Lead, type LeadPage, type ListName } from './inbox-api';
import { listLabels, statusLabels } from './inbox-labels';
import { LeadDetailPanel } from './lead-detail';

const LISTS: ListName[] = ['enquiries', 'subscribers', 'applicants'];
const FILTER_KEYS = ['q', 'status', 'department', 'from', 'to'] as const;

function readList(params: URLSearchParams): ListName {
  const list = params.get('list');
  return LISTS.find((name) => name === list) ?? 'enquiries';
}

function readFilters(params: URLSearchParams): InboxFilters {
  const filters: InboxFilters = {};
  for (const key of [...FILTER_KEYS, 'page'] as const) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** What a row shows at a glance besides name, email and status. */
function glance(list: ListName, lead: Lead): string {
  if (list === 'enquiries') return lead.requirment ?? '';
  if (list === 'applicants') return `${lead.experience ?? 0} yrs · ${lead.previous_company || '—'}`;
  return lead.service ?? '';
}

function Filters({ filters, onApply }: { filters: InboxFilters; onApply: (next: InboxFilters) => void }) {
  const [draft, setDraft] = useState<InboxFilters>(filters);
  useEffect(() => setDraft(filters), [JSON.stringify(filters)]);
  const field = (key: (typeof FILTER_KEYS)[number]) => ({
    value: draft[key] ?? '',
    onInput: (e: { currentTarget: { value: string } }) =>
      setDraft({ ...draft, [key]: e.currentTarget.value }),
  });
  return (
    <form
      class="inbox-filters"
      aria-label="Search and filters"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ ...draft, page: undefined });
      }}
    >
      <label class="staff-field inbox-filters__search">
        <span>Search names, emails, mobiles, messages</span>
        <input type="search" {...field('q')} />
      </label>
      <label class="staff-field">
        <span>Status</span>
        <select
          value={draft.status ?? ''}
          onChange={(e) => setDraft({ ...draft, status: e.currentTarget.value || undefined })}
        >
          <option value="">Any</option>
          {Object.entries(statusLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label class="staff-field">
        <span>Department website</span>
        <input type="text" {...field('department')} />
      </label>
      <label class="staff-field">
        <span>From</span>
        <input type="date" {...field('from')} />
      </label>
      <label class="staff-field">
        <span>To</span>
        <input type="date" {...field('to')} />
      </label>
      <div class="inbox-filters__actions">
        <button type="submit" class="staff-button staff-button--primary">
          Apply
        </button>
        <button type="button" class="staff-button" onClick={() => onApply({})}>
          Clear
        </button>
      </div>
    </form>
  );
}

export function Inbox() {
  const [params, setParams] = useSearchParams();
  const list = readList(params);
  const filters = readFilters(params);
  const selected = params.get('id');
  const [page, setPage] = useState<LeadPage | null>(null);
  const [failure, setFailure] = useState('');
  const [counts, setCounts] = useState<Partial<Record<ListName, number>>>({});
  const [version, setVersion] = useState(0);
  const key = params.toString();

  const go = (next: { list?: ListName; filters?: InboxFilters; id?: string | null }) => {
    const out = new URLSearchParams();
    out.set('list', next.list ?? list);
    for (const [name, value] of Object.entries(next.filters ?? filters)) if (value) out.set(name, value);
    const id = next.id === undefined ? selected : next.id;
    if (id) out.set('id', id);
    setParams(out);
  };

  useEffect(() => {
    const abort = new AbortController();
    setFailure('');
    inboxApi.list(list, filters, abort.signal).then(
      (loaded) => {
        setPage(loaded);
        setCounts((was) => ({ ...was, [list]: loaded.new }));
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setFailure(error instanceof ApiError ? error.message : 'The list could not be loaded.');
      },
    );
    return () => abort.abort();
  }, [key, version]);

  // The other lists' counts of new items, once.
  useEffect(() => {
    for (const other of LISTS) {
      inboxApi.list(other, { status: 'new' }).then(
        (loaded) => setCounts((was) => ({ ...was, [other]: loaded.new })),
        () => {},
      );
    }
  }, []);

  const pageNumber = Number(filters.page ?? '1');
  const pages = page ? Math.max(1, Math.ceil(page.pagination.total / page.pagination.limit)) : 1;

  return (
    <div class="inbox">
      <nav class="inbox-tabs" aria-label="Lists">
        {LISTS.map((name) => (
          <button
            type="button"
            key={name}
            class={name === list ? 'inbox-tab inbox-tab--current' : 'inbox-tab'}
            aria-current={name === list ? 'page' : undefined}
            onClick={() => go({ list: name, filters: {}, id: null })}
          >
            {listLabels[name]}
            {counts[name] ? (
              <span class="inbox-tab__count">
                {formatCount(counts[name] ?? 0, (counts[name] ?? 0) >= 10_000)} new
              </span>
            ) : null}
          </button>
        ))}
      </nav>
      <Filters filters={filters} onApply={(next) => go({ filters: next, id: null })} />
      <div class="inbox-summary">
        <p role="status">
          {page
            ? `${listLabels[list]}: ${formatCount(page.pagination.total, page.pagination.capped)} · page ${pageNumber} of ${pages}`
            : ''}
        </p>
        <a class="staff-button" href={exportUrl(list, { ...filters, page: undefined })} download>
          Export CSV
        </a>
      </div>
      {failure && (
        <p class="staff-alert" role="alert">
          {failure}
        </p>
      )}
      <div class={selected ? 'inbox-body inbox-body--with-detail' : 'inbox-body'}>
        <table class="inbox-table">
          <caption class="visually-hidden">{listLabels[list]}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">{list === 'subscribers' ? 'Email' : 'Name'}</th>
              <th scope="col">{list === 'subscribers' ? 'Department website' : 'Contact'}</th>
              <th scope="col">{list === 'applicants' ? 'Experience' : 'Details'}</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {page?.data.map((lead) => (
              <tr
                key={lead._id}
                class={lead._id === selected ? 'inbox-row inbox-row--selected' : 'inbox-row'}
              >
                <td data-label="Received">{formatTime(lead.created_at)}</td>
                <td data-label={list === 'subscribers' ? 'Email' : 'Name'}>
                  <button type="button" class="inbox-row__open" onClick={() => go({ id: lead._id })}>
                    {list === 'subscribers' ? lead.email : lead.name}
                  </button>
                </td>
                <td data-label="Contact">
                  {list === 'subscribers' ? lead.department_website : `${lead.email} · ${lead.mobile ?? ''}`}
                </td>
                <td data-label="Details" class="inbox-row__glance">
                  <span>{glance(list, lead)}</span>
                </td>
                <td data-label="Status">
                  <span class={`status-badge status-badge--${lead.status}`}>{statusLabels[lead.status]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {page && page.data.length === 0 && <p class="inbox-empty">Nothing here matches.</p>}
        {selected && (
          <LeadDetailPanel
            list={list}
            id={selected}
            onClose={() => go({ id: null })}
            onChanged={() => setVersion((v) => v + 1)}
          />
        )}
      </div>
      <StaffPager
        page={pageNumber}
        pages={pages}
        onPage={(next) => go({ filters: { ...filters, page: String(next) }, id: null })}
      />
    </div>
  );
}
