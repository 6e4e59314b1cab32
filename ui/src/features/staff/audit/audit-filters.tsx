import { useEffect, useState } from 'preact/hooks';
import type { AuditFilters, AuditPerson } from './audit-api';

interface AuditFiltersFormProps {
  filters: AuditFilters;
  people: AuditPerson[];
  actions: string[];
  onApply: (next: AuditFilters) => void;
}

/** Person, action and days of the audit log, applied together with their button. */
export function AuditFiltersForm({ filters, people, actions, onApply }: AuditFiltersFormProps) {
  const [draft, setDraft] = useState<AuditFilters>(filters);
  useEffect(() => setDraft(filters), [JSON.stringify(filters)]);
  const set = (key: keyof AuditFilters) => (e: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [key]: e.currentTarget.value || undefined });
  // A filter from the URL that the lists do not hold (yet) stays choosable.
  const actorChoices =
    draft.actor && !people.some((p) => p.actor.toLowerCase() === draft.actor?.toLowerCase())
      ? [...people, { actor: draft.actor, name: draft.actor }]
      : people;
  const actionChoices =
    draft.action && !actions.includes(draft.action) ? [...actions, draft.action] : actions;
  return (
    <form
      class="audit-filters"
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ ...draft, page: undefined });
      }}
    >
      <label class="staff-field">
        <span>Person</span>
        <select value={draft.actor ?? ''} onChange={set('actor')}>
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
        <select value={draft.action ?? ''} onChange={set('action')}>
          <option value="">Any</option>
          {actionChoices.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </label>
      <label class="staff-field">
        <span>From</span>
        <input type="date" value={draft.from ?? ''} onInput={set('from')} />
      </label>
      <label class="staff-field">
        <span>To</span>
        <input type="date" value={draft.to ?? ''} onInput={set('to')} />
      </label>
      <div class="audit-filters__actions">
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
