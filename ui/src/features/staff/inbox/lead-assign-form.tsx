import { useEffect, useState } from 'preact/hooks';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { SaidLine, SubmitButton } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { assignApi } from './assign-api';
import type { Lead, LeadDetail, ListName } from './inbox-api';

interface LeadAssignFormProps {
  list: ListName;
  lead: Lead;
  /** The item as the server answered a change. */
  onSaved: (detail: LeadDetail) => void;
}

/**
 * Who has the lead and the day to come back to it, saved together with one button. The
 * server mails the person given it (not oneself).
 */
export function LeadAssignForm({ list, lead, onSaved }: LeadAssignFormProps) {
  const assignees = useStaffLoad(() => assignApi.assignees(list), [list], '');
  const people = assignees.data?.data ?? [];
  const [to, setTo] = useState(lead.assigned_to == null ? '' : String(lead.assigned_to));
  const [day, setDay] = useState(lead.follow_up ?? '');
  const save = useStaffForm({
    send: async (nextDay: string) => {
      let answer: LeadDetail | null = null;
      try {
        const chosen = to === '' ? null : Number(to);
        if (chosen !== (lead.assigned_to ?? null)) answer = await assignApi.assign(list, lead._id, chosen);
        if (nextDay !== (lead.follow_up ?? ''))
          answer = await assignApi.followUp(list, lead._id, nextDay || null);
      } catch (error) {
        // The assignment may have been saved before the day was refused.
        if (answer) onSaved(answer);
        throw error;
      }
      return answer;
    },
    done: (answer) => {
      if (!answer) return 'Nothing changed.';
      onSaved(answer);
      return 'Saved.';
    },
    failure: apiMessageOr('That did not work. Please try again.'),
  });
  const errors = save.errors;

  useEffect(() => {
    setTo(lead.assigned_to == null ? '' : String(lead.assigned_to));
    setDay(lead.follow_up ?? '');
    save.setErrors({});
  }, [lead._id, lead.assigned_to, lead.follow_up]);

  // Someone no longer offered (removed since, or without the list's area) still shows.
  const known = people.some((person) => String(person.id) === to);
  return (
    <form
      class="lead-assign"
      aria-label="Assignment and follow-up"
      onSubmit={(event) => {
        event.preventDefault();
        save.run(day);
      }}
    >
      <label class="staff-field">
        <span>Assigned to</span>
        <select
          value={to}
          aria-invalid={errors.to ? true : undefined}
          aria-describedby={errors.to ? 'lead-assign-to-error' : undefined}
          onChange={(e) => setTo(e.currentTarget.value)}
        >
          <option value="">Unassigned</option>
          {people.map((person) => (
            <option key={person.id} value={String(person.id)}>
              {person.name}
            </option>
          ))}
          {to !== '' && !known && <option value={to}>{lead.assigned_name ?? 'Someone else'}</option>}
        </select>
        {errors.to && (
          <p class="staff-field__error" id="lead-assign-to-error">
            {errors.to}
          </p>
        )}
      </label>
      <label class="staff-field">
        <span>Follow up</span>
        <input
          type="date"
          value={day}
          aria-invalid={errors.follow_up ? true : undefined}
          aria-describedby={errors.follow_up ? 'lead-assign-day-error' : undefined}
          onInput={(e) => setDay(e.currentTarget.value)}
        />
        {errors.follow_up && (
          <p class="staff-field__error" id="lead-assign-day-error">
            {errors.follow_up}
          </p>
        )}
      </label>
      <div class="lead-assign__actions">
        <SubmitButton busy={save.busy}>Save</SubmitButton>
        {(lead.follow_up ?? '') !== '' && (
          <button
            type="button"
            class="staff-button"
            disabled={save.busy}
            onClick={() => {
              setDay('');
              save.run('');
            }}
          >
            Clear follow-up
          </button>
        )}
      </div>
      <SaidLine class="lead-detail__meta" message={save.said || save.error} />
    </form>
  );
}
