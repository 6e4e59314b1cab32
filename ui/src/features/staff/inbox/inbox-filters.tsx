import { useEffect, useState } from 'preact/hooks';
import { FilterForm, useFilterDraft } from '@/features/staff/shell/staff-parts';
import { staffApi } from '@/lib/staff-client';
import { jobs } from '@/lib/staff-endpoints';
import { ChoiceField } from './choice-field';
import type { InboxFilters, ListName } from './inbox-api';
import { statusesOf, statusWord } from './inbox-labels';
import { subscriptionLabels } from './readers-api';

/**
 * The applicants list's choices of role: each opening (with its count of applications) and
 * general applications; null until read, or for another list.
 */
function useRoleChoices(wanted: boolean): Record<string, string> | null {
  const [roles, setRoles] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    staffApi.send(jobs(), { signal: controller.signal }).then(
      (list) => {
        const choices: Record<string, string> = {};
        for (const job of list.data) choices[job.slug] = `${job.title} (${job.applications})`;
        choices.general = `General applications (${list.general_applications})`;
        setRoles(choices);
      },
      () => {},
    );
    return () => controller.abort();
  }, [wanted]);
  return roles;
}
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
  const roles = useRoleChoices(list === 'applicants');
  return (
    <FilterForm name="inbox-filters" label="Search and filters" draft={draft} field={field} onApply={onApply}>
      <label class="staff-field inbox-filters__search">
        <span>Search names, emails, mobiles, messages</span>
        <input type="search" {...field('q')} />
      </label>
      <ChoiceField
        label={statusWord(list ?? 'enquiries')}
        choices={statusesOf(list ?? 'enquiries')}
        any="Any but spam"
        {...choice('status')}
      />
      {list === 'subscribers' && (
        <ChoiceField
          label="Subscription"
          choices={subscriptionLabels}
          any="Any"
          {...choice('subscription')}
        />
      )}
      {list === 'applicants' && roles && (
        <ChoiceField label="Job opening" choices={roles} any="Any" {...choice('job')} />
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
