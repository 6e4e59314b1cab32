import type { InboxFilters } from './inbox-api';

interface QuickFiltersProps {
  filters: InboxFilters;
  onApply: (next: InboxFilters) => void;
  /** The list takes replies (enquiries, applicants): "Not answered" is offered. */
  replies?: boolean;
}

/** "Mine", "Unassigned", "Due today" and "Not answered": one press each, pressed again to let go. */
export function QuickFilters({ filters, onApply, replies = false }: QuickFiltersProps) {
  const toggles = [
    { label: 'Mine', on: filters.assigned === 'me', key: 'assigned', value: 'me' },
    { label: 'Unassigned', on: filters.assigned === 'none', key: 'assigned', value: 'none' },
    { label: 'Due today', on: filters.due === 'today', key: 'due', value: 'today' },
    ...(replies
      ? [{ label: 'Not answered', on: filters.answered === 'no', key: 'answered', value: 'no' } as const]
      : []),
  ] as const;
  return (
    <fieldset class="inbox-quick">
      <legend class="visually-hidden">Quick filters</legend>
      {toggles.map((toggle) => (
        <button
          key={toggle.label}
          type="button"
          class={
            toggle.on
              ? 'staff-button inbox-quick__button inbox-quick__button--on'
              : 'staff-button inbox-quick__button'
          }
          aria-pressed={toggle.on}
          onClick={() =>
            onApply({ ...filters, [toggle.key]: toggle.on ? undefined : toggle.value, page: undefined })
          }
        >
          {toggle.label}
        </button>
      ))}
    </fieldset>
  );
}
