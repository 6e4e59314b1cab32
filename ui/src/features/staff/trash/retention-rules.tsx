import { useEffect, useState } from 'preact/hooks';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { formatCount } from '@/features/staff/shell/staff-format';
import { SaidLine, StaffAlert, StaffSection } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import { type RetentionRule, trashApi } from './trash-api';

const LIST_LABELS: Record<RetentionRule['list'], string> = {
  enquiries: 'Enquiries',
  subscribers: 'Subscribers',
  applicants: 'Applicants',
};

type Months = Record<RetentionRule['list'], string>;

/** The rules as the form holds them: months as typed, empty for "kept". */
function typed(rules: RetentionRule[]): Months {
  const months = { enquiries: '', subscribers: '', applicants: '' };
  for (const rule of rules) months[rule.list] = rule.months === null ? '' : String(rule.months);
  return months;
}

/**
 * How long each list keeps a lead once its purpose is served (the owners'): months after an
 * enquiry is done, an application decided, a reader gone; empty keeps them. The server erases
 * what is past them once a day, for good, with their files.
 */
export function RetentionRules() {
  const rules = useStaffLoad(trashApi.retention, [], () => 'The retention rules could not be loaded.');
  const [months, setMonths] = useState<Months>({ enquiries: '', subscribers: '', applicants: '' });
  useEffect(() => {
    if (rules.data) setMonths(typed(rules.data.rules));
  }, [rules.data]);
  const save = useStaffForm({
    send: () =>
      trashApi.setRetention({
        enquiries: months.enquiries === '' ? null : Number(months.enquiries),
        subscribers: months.subscribers === '' ? null : Number(months.subscribers),
        applicants: months.applicants === '' ? null : Number(months.applicants),
      }),
    done: (answer) => {
      rules.setData(answer);
      return answer.past > 0
        ? `The rules are saved. ${formatCount(answer.past)} past them will be erased today.`
        : 'The rules are saved.';
    },
    failure: apiMessageOr('The rules could not be saved.'),
    fields: ['months.enquiries', 'months.subscribers', 'months.applicants'],
  });

  if (!rules.data) return rules.error ? <StaffAlert message={rules.error} /> : null;

  return (
    <StaffSection id="retention-title" name="trash-section" title="How long leads are kept">
      <p class="trash-section__intro">
        Once a lead's purpose is served, it is erased for good after the months set here, with its files (once
        a day; not into the trash). Leave a list empty to keep its leads until they are erased by hand. The
        site's privacy notice states these rules.
      </p>
      <form class="retention-rules" onSubmit={save.submit} noValidate>
        {rules.data.rules.map((rule) => {
          const id = `retention-${rule.list}`;
          const error = save.errors[`months.${rule.list}`];
          return (
            <div class="staff-field" key={rule.list}>
              <label for={id}>
                {LIST_LABELS[rule.list]}: months {rule.counted_from}
              </label>
              <input
                id={id}
                type="number"
                min={1}
                max={120}
                inputMode="numeric"
                value={months[rule.list]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onInput={(event) => setMonths({ ...months, [rule.list]: event.currentTarget.value })}
              />
              {error && (
                <p class="staff-field__error" id={`${id}-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <button type="submit" class="staff-button staff-button--primary" disabled={save.busy}>
          Save the rules
        </button>
        <SaidLine class="trash-said" message={save.said || save.error} />
      </form>
    </StaffSection>
  );
}
