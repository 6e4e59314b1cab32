import type { LeadStatus, ListName } from './inbox-api';
import { statusesOf, statusWord } from './inbox-labels';

interface ChoiceFieldProps {
  label: string;
  value: string;
  /** Every choice: its value and what it is called. */
  choices: Readonly<Record<string, string>>;
  /** The first choice, for no choice at all (a filter's `Any`). */
  any?: string;
  onChoose: (value: string) => void;
}

/** A labelled drop-down of named choices (a status, a subscription state). */
export function ChoiceField({ label, value, choices, any, onChoose }: ChoiceFieldProps) {
  return (
    <label class="staff-field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChoose(e.currentTarget.value)}>
        {any && <option value="">{any}</option>}
        {Object.entries(choices).map(([choice, name]) => (
          <option key={choice} value={choice}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A lead's status (an applicant's stage), to set: one item's, or the selected items'. */
export function StatusChoice({
  list,
  value,
  onChoose,
}: {
  list: ListName;
  value: LeadStatus;
  onChoose: (status: LeadStatus) => void;
}) {
  return (
    <ChoiceField
      label={statusWord(list)}
      value={value}
      choices={statusesOf(list)}
      onChoose={(status) => onChoose(status as LeadStatus)}
    />
  );
}
