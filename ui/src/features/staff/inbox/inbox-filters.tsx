import { FilterForm, useFilterDraft } from '@/features/staff/shell/staff-parts';
import { ChoiceField } from './choice-field';
import type { InboxFilters, ListName } from './inbox-api';
import { statusLabels } from './inbox-labels';
import { subscriptionLabels } from './readers-api';

/** The orders of a list that takes replies (newest first is the default). */
const sortLabels = { oldest: 'Oldest first', not_answered: 'Not answered first' } as const;

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
  const { draft, field, choice } = useFilterDraft(filters);
  return (
    <FilterForm name="inbox-filters" label="Search and filters" draft={draft} field={field} onApply={onApply}>
      <label class="staff-field inbox-filters__search">
        <span>Search names, emails, mobiles, messages</span>
        <input type="search" {...field('q')} />
      </label>
      <ChoiceField label="Status" choices={statusLabels} any="Any but spam" {...choice('status')} />
      {list === 'subscribers' && (
        <ChoiceField
          label="Subscription"
          choices={subscriptionLabels}
          any="Any"
          {...choice('subscription')}
        />
      )}
      <label class="staff-field">
        <span>Department website</span>
        <input type="text" {...field('department')} />
      </label>
      {list !== 'subscribers' && (
        <ChoiceField label="Order" choices={sortLabels} any="Newest first" {...choice('sort')} />
      )}
    </FilterForm>
  );
}
