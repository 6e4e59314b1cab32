import { type FieldErrors, fieldMessage } from '@/features/staff/shell/use-staff-form';
import type { Role } from '@/lib/staff-types';
import { ROLES } from './role-labels';

interface RoleChoicesProps {
  /** Makes the ids of the boxes and the error unique on the page. */
  id: string;
  legend: string;
  chosen: readonly Role[];
  onChange: (roles: Role[]) => void;
  error?: string;
}

/** One checkbox a role, with what it opens; the field message under them. */
export function RoleChoices({ id, legend, chosen, onChange, error }: RoleChoicesProps) {
  const errorId = `${id}-error`;
  const toggle = (role: Role, on: boolean) => {
    const next = on ? [...chosen, role] : chosen.filter((r) => r !== role);
    onChange(ROLES.map((entry) => entry.role).filter((r) => next.includes(r)));
  };
  return (
    <fieldset
      class="team-roles"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{legend}</legend>
      {ROLES.map(({ role, label, reaches }) => (
        <label key={role} class="team-roles__choice">
          <input
            type="checkbox"
            name={`${id}-roles`}
            value={role}
            checked={chosen.includes(role)}
            onChange={(e) => toggle(role, e.currentTarget.checked)}
          />
          <span>
            <strong>{label}</strong> <span class="team-roles__reach">{reaches}</span>
          </span>
        </label>
      ))}
      {error && (
        <p class="staff-field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The check of a form that gives roles: at least one. */
export function rolesChosen(roles: readonly Role[]): FieldErrors {
  return fieldMessage(roles.length === 0, 'roles', 'Choose at least one role.');
}
