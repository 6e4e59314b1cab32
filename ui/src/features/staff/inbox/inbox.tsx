import { useEffect, useState } from 'preact/hooks';
import { useSearchParams } from 'react-router-dom';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { formatCount } from '@/features/staff/shell/staff-format';
import { StaffPager } from '@/features/staff/shell/staff-pager';
import { StaffAlert } from '@/features/staff/shell/staff-parts';
import { useStaffSession } from '@/features/staff/shell/staff-session';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { BulkBar } from './bulk-bar';
import { type InboxFilters, inboxApi, type ListName } from './inbox-api';
import { ExportLinks } from './inbox-export';
import { FiltersForm } from './inbox-filters';
import { listLabels } from './inbox-labels';
import { LISTS, readFilters, readList } from './inbox-query';
import { InboxTabs } from './inbox-tabs';
import { LeadDetailPanel } from './lead-detail';
import { LeadTable } from './lead-table';
import { ReaderPanel } from './reader-panel';
import { RoleStagesTable } from './role-stages';
import './readers.css';
import { QuickFilters } from './quick-filters';
import { useSelection } from './use-selection';

/** `/staff`: the lists of leads, searched and filtered in the page's URL, and the item opened. */
export function Inbox() {
  const session = useStaffSession();
  const lists = LISTS.filter((name) => session.areas.includes(name));
  const [params, setParams] = useSearchParams();
  const list = readList(params, lists);
  const filters = readFilters(params);
  const selected = params.get('id');
  const [counts, setCounts] = useState<Partial<Record<ListName, number>>>({});
  const [version, setVersion] = useState(0);
  const shown = useStaffLoad(
    async (signal) => {
      const loaded = await inboxApi.list(list, filters, signal);
      setCounts((was) => ({ ...was, [list]: loaded.new }));
      return loaded;
    },
    [params.toString(), version],
    apiMessageOr('The list could not be loaded.'),
  );
  const page = shown.data;
  const selection = useSelection(
    page?.data.map((lead) => lead._id) ?? [],
    `${list}?${JSON.stringify(filters)}`,
  );

  const go = (next: { list?: ListName; filters?: InboxFilters; id?: string | null }) => {
    const out = new URLSearchParams();
    out.set('list', next.list ?? list);
    for (const [name, value] of Object.entries(next.filters ?? filters)) if (value) out.set(name, value);
    const id = next.id === undefined ? selected : next.id;
    if (id) out.set('id', id);
    setParams(out);
  };

  // The other lists' counts of new items, once.
  useEffect(() => {
    for (const other of lists) {
      inboxApi.list(other, { status: 'new' }).then(
        (loaded) => setCounts((was) => ({ ...was, [other]: loaded.new })),
        () => {},
      );
    }
  }, []);

  const pageNumber = Number(filters.page ?? '1');
  const pages = page ? Math.max(1, Math.ceil(page.pagination.total / page.pagination.limit)) : 1;

  return (
    <div class={selected ? 'inbox inbox--with-detail' : 'inbox'}>
      <InboxTabs
        lists={lists}
        list={list}
        counts={counts}
        onList={(name) => go({ list: name, filters: {}, id: null })}
      />
      {list === 'subscribers' && <ReaderPanel version={version} onAdded={() => setVersion((v) => v + 1)} />}
      {list === 'applicants' && page?.stages && <RoleStagesTable roles={page.stages} />}
      <FiltersForm list={list} filters={filters} onApply={(next) => go({ filters: next, id: null })} />
      <QuickFilters
        filters={filters}
        replies={list !== 'subscribers'}
        onApply={(next) => go({ filters: next, id: null })}
      />
      <div class="inbox-summary">
        <p role="status">
          {page
            ? `${listLabels[list]}: ${formatCount(page.pagination.total, page.pagination.capped)} · page ${pageNumber} of ${pages}`
            : ''}
        </p>
        <ExportLinks list={list} filters={{ ...filters, page: undefined }} />
      </div>
      <StaffAlert message={shown.error} />
      <BulkBar
        list={list}
        filters={filters}
        selection={selection}
        pageSize={page?.data.length ?? 0}
        total={page?.pagination.total ?? 0}
        capped={page?.pagination.capped ?? false}
        onDone={() => setVersion((v) => v + 1)}
      />
      <div class={selected ? 'inbox-body inbox-body--with-detail' : 'inbox-body'}>
        <LeadTable
          list={list}
          leads={page?.data ?? []}
          selected={selected}
          onOpen={(id) => go({ id })}
          selection={selection}
        />
        {page && page.data.length === 0 && (
          <p class="inbox-empty">
            {Object.entries(filters).some(([name, value]) => name !== 'page' && value)
              ? 'Nothing here matches.'
              : `No ${listLabels[list].toLowerCase()} yet: they appear here as the site's forms bring them in.`}
          </p>
        )}
        {selected && (
          <LeadDetailPanel
            list={list}
            id={selected}
            onClose={() => {
              go({ id: null });
              // Back where the person was: on the row they opened.
              requestAnimationFrame(() =>
                document.querySelector<HTMLElement>(`[data-lead="${CSS.escape(selected)}"]`)?.focus(),
              );
            }}
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
