import { formatCount } from '@/features/staff/shell/staff-format';
import type { ListName } from './inbox-api';
import { listLabels } from './inbox-labels';

interface InboxTabsProps {
  /** The lists the session reaches, in order. */
  lists: readonly ListName[];
  list: ListName;
  /** Each list's count of new items, as far as known. */
  counts: Partial<Record<ListName, number>>;
  onList: (list: ListName) => void;
}

/** One tab per list, the current one marked, each with its count of new items. */
export function InboxTabs({ lists, list, counts, onList }: InboxTabsProps) {
  return (
    <nav class="inbox-tabs" aria-label="Lists">
      {lists.map((name) => (
        <button
          type="button"
          key={name}
          class={name === list ? 'inbox-tab inbox-tab--current' : 'inbox-tab'}
          aria-current={name === list ? 'page' : undefined}
          onClick={() => onList(name)}
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
  );
}
