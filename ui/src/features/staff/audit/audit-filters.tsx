import { FilterForm, useFilterDraft } from '@/features/staff/shell/staff-parts';
import type { AuditFilters, AuditPerson } from './audit-api';

interface AuditFiltersFormProps {
  filters: AuditFilters;
  people: AuditPerson[];
  actions: string[];
  onApply: (next: AuditFilters) => void;
}

/** Person, action and days of the audit log, applied together with their button. */
export function AuditFiltersForm({ filters, people, actions, onApply }: AuditFiltersFormProps) {
  const { draft, set, field } = useFilterDraft(filters);
  // A filter from the URL that the lists do not hold (yet) stays choosable.
  const actorChoices =
    draft.actor && !people.some((p) => p.actor.toLowerCase() === draft.actor?.toLowerCase())
      ? [...people, { actor: draft.actor, name: draft.actor }]
      : people;
  const actionChoices =
    draft.action && !actions.includes(draft.action) ? [...actions, draft.action] : actions;
  return (
    <FilterForm name="audit-filters" label="Filters" draft={draft} field={field} onApply={onApply}>
      <label class="staff-field">
        <span>Person</span>
        <select value={draft.actor ?? ''} onChange={(e) => set('actor', e.currentTarget.value)}>
          <option value="">Anyone</option>
          {actorChoices.map((person) => (
            <option key={person.actor} value={person.actor}>
              {person.name === person.actor ? person.name : `${person.name} (${person.actor})`}
            </option>
          ))}
        </select>
      </label>
      <label class="staff-field">
        <span>Action</span>
        <select value={draft.action ?? ''} onChange={(e) => set('action', e.currentTarget.value)}>
          <option value="">Any</option>
          {actionChoices.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </label>
    </FilterForm>
  );
}
