import { FilterForm, useFilterDraft } from '@/features/staff/shell/filter-form';
import { ChoiceField } from './choice-field';
import type { InboxFilters, ListName } from './inbox-api';
import { statusLabels } from './inbox-labels';
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
  const { draft, set, field } = useFilterDraft(filters);
  return (
    <FilterForm name="inbox-filters" label="Search and filters" draft={draft} field={field} onApply={onApply}>
      <label class="staff-field inbox-filters__search">
        <span>Search names, emails, mobiles, messages</span>
        <input type="search" {...field('q')} />
      </label>
      <ChoiceField
        label="Status"
        value={draft.status ?? ''}
        choices={statusLabels}
        any="Any"
        onChoose={(value) => set('status', value)}
      />
      {list === 'subscribers' && (
        <ChoiceField
          label="Subscription"
          value={draft.subscription ?? ''}
          choices={subscriptionLabels}
          any="Any"
          onChoose={(value) => set('subscription', value)}
        />
      )}
      <label class="staff-field">
        <span>Department website</span>
        <input type="text" {...field('department')} />
      </label>
    </FilterForm>
  );
}
