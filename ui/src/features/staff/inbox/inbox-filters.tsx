import { useEffect, useState } from 'preact/hooks';
import type { InboxFilters, ListName } from './inbox-api';
import { statusLabels } from './inbox-labels';
import type { FILTER_KEYS } from './inbox-query';
import { subscriptionLabels } from './readers-api';

/** The search box and filters of a list, applied together with their button. */
export function FiltersForm({
  filters,
  onApply,
  list,
}: {
  filters: InboxFilters;
  onApply: (next: InboxFilters) => void;
  /** The list shown: the subscribers list filters by subscription state too. */
  list?: ListName;
}) {
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
      {list === 'subscribers' && (
        <label class="staff-field">
          <span>Subscription</span>
          <select
            value={draft.subscription ?? ''}
            onChange={(e) => setDraft({ ...draft, subscription: e.currentTarget.value || undefined })}
          >
            <option value="">Any</option>
            {Object.entries(subscriptionLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      )}
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
