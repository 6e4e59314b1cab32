import { useState } from 'preact/hooks';
import { careersContent } from '@/content/careers';
import { contactContent } from '@/content/contact';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { StaffAlert, StaffSection, SubmitButton } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import type { MailRule, RoutesBody } from '@/lib/staff-types';
import { mailApi } from './mail-api';
import { defaultRouting, ruleFieldId, splitAddresses, strangers } from './mail-text';

/** A rule as the form holds it: the addresses as typed. */
interface RuleDraft {
  key: number;
  kind: MailRule['kind'];
  department: string;
  recipients: string;
}

let nextKey = 1;

function draftOf(rule: MailRule): RuleDraft {
  return {
    key: nextKey++,
    kind: rule.kind,
    department: rule.department,
    recipients: rule.recipients.join(', '),
  };
}

/** The departments to offer: those this site's own forms send, and those leads have named. */
function offered(named: readonly string[]): string[] {
  const own = [contactContent.form.departmentWebsite, careersContent.form.departmentWebsite];
  const all = [...own, ...named];
  return all.filter(
    (department, index) =>
      all.findIndex((other) => other.toLowerCase() === department.toLowerCase()) === index,
  );
}

/** `text` with each `--notify-to` as code that never breaks across lines. */
function withFlags(text: string) {
  return text.split('--notify-to').flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          <code class="mail-flag" key={index}>
            --notify-to
          </code>,
          part,
        ],
  );
}

/** "Who gets which lead": the rules, saved whole; they count from the next lead mail on. */
export function MailRoutesForm() {
  const [rules, setRules] = useState<RuleDraft[]>([]);
  // The rules as saved, and the form's drafts of them.
  const take = (body: RoutesBody) => {
    setRules(body.rules.map(draftOf));
    return body;
  };
  const routes = useStaffLoad(
    async () => take(await mailApi.routes()),
    [],
    () => 'The lead mail rules could not be loaded. Please reload the page.',
  );
  const loaded = routes.data;
  const save = useStaffForm({
    send: () =>
      mailApi.saveRoutes(
        rules.map((rule) => ({
          kind: rule.kind,
          department: rule.department.trim(),
          recipients: splitAddresses(rule.recipients),
        })),
      ),
    done: (saved) => {
      routes.setData(take(saved));
      return saved.rules.length === 0
        ? 'Saved: no rule is set, so the server’s --notify-to decides from the next lead mail on.'
        : 'Saved: the rules count from the next lead mail on.';
    },
    failure: apiMessageOr('The rules could not be saved. Please try again.'),
    failed: (_, errors) => {
      const named = Object.keys(errors);
      if (named.length === 0) return;
      save.setSaid(
        `Nothing was saved: ${named.length === 1 ? 'one field needs' : `${named.length} fields need`} a look (marked).`,
      );
      (
        document.getElementById(ruleFieldId(named[0] ?? '')) ?? document.getElementById('mail-rules-add')
      )?.focus();
    },
  });
  const errors = save.errors;

  if (routes.error) return <StaffAlert message={routes.error} />;
  if (!loaded) return <p role="status">Loading…</p>;

  const change = (key: number, part: Partial<RuleDraft>) =>
    setRules(rules.map((rule) => (rule.key === key ? { ...rule, ...part } : rule)));

  const add = () => {
    const rule: RuleDraft = { key: nextKey++, kind: 'enquiry', department: '', recipients: '' };
    setRules([...rules, rule]);
    // The new rule's first field, once it is drawn.
    window.setTimeout(() => document.getElementById(ruleFieldId(`rules[${rules.length}].kind`))?.focus());
  };

  const remove = (key: number) => {
    setRules(rules.filter((rule) => rule.key !== key));
    save.setErrors({});
    document.getElementById('mail-rules-add')?.focus();
  };

  const full = rules.length >= loaded.max_rules;
  return (
    <StaffSection id="mail-routes-title" name="mail-section" title="Who gets which lead">
      <p class="mail-section__intro">
        A new enquiry or job application is mailed to the addresses of the rule for its kind and its
        department; when no rule names its department, to its kind’s rule for any department. A change counts
        from the next lead mail on. An application for a job opening with a recruiter (chosen in the opening’s
        editor) goes to the recruiter too.
      </p>
      <p class="mail-default" id="mail-default">
        {withFlags(
          `${defaultRouting(loaded.notify_to, loaded.from)} Once rules are set, it still decides for the leads no rule here covers.`,
        )}
      </p>
      {strangers(loaded.notify_to) && (
        <p class="staff-alert" id="mail-strangers" role="alert">
          {withFlags(strangers(loaded.notify_to))}
        </p>
      )}
      <datalist id="mail-departments">
        {offered(loaded.departments).map((department) => (
          <option key={department} value={department} />
        ))}
      </datalist>
      <form class="mail-routes" onSubmit={save.submit} noValidate>
        {rules.length === 0 && <p class="mail-list__empty">No rule is set.</p>}
        {rules.map((rule, index) => (
          <RuleFields
            key={rule.key}
            rule={rule}
            index={index}
            errors={errors}
            change={(part) => change(rule.key, part)}
            remove={() => remove(rule.key)}
          />
        ))}
        {errors.rules && (
          <p class="staff-control__error" role="alert">
            {errors.rules}
          </p>
        )}
        <div class="mail-actions">
          <button type="button" class="staff-button" id="mail-rules-add" disabled={full} onClick={add}>
            Add a rule
          </button>
          <SubmitButton busy={save.busy} busyLabel="Saving…">
            Save rules
          </SubmitButton>
        </div>
        <p class="mail-said" role="status">
          {save.said || save.error}
        </p>
      </form>
    </StaffSection>
  );
}

interface RuleProps {
  rule: RuleDraft;
  index: number;
  errors: Record<string, string>;
  change: (part: Partial<RuleDraft>) => void;
  remove: () => void;
}

function RuleFields({ rule, index, errors, change, remove }: RuleProps) {
  const name = (field: string) => `rules[${index}].${field}`;
  const described = (field: string, hint?: string) =>
    [hint, errors[name(field)] ? `${ruleFieldId(name(field))}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const error = (field: string) =>
    errors[name(field)] && (
      <p class="staff-control__error" id={`${ruleFieldId(name(field))}-error`}>
        {errors[name(field)]}
      </p>
    );
  const departmentHint = `${ruleFieldId(name('department'))}-hint`;
  const recipientsHint = `${ruleFieldId(name('recipients'))}-hint`;
  return (
    <fieldset class="mail-rule">
      <legend>Rule {index + 1}</legend>
      <div class="staff-control mail-field">
        <label class="staff-field" for={ruleFieldId(name('kind'))}>
          <span>Leads</span>
        </label>
        <select
          id={ruleFieldId(name('kind'))}
          value={rule.kind}
          aria-invalid={errors[name('kind')] ? true : undefined}
          aria-describedby={described('kind')}
          onChange={(e) => change({ kind: e.currentTarget.value as MailRule['kind'] })}
        >
          <option value="enquiry">Enquiries</option>
          <option value="applicant">Job applications</option>
        </select>
        {error('kind')}
      </div>
      <div class="staff-control mail-field">
        <label class="staff-field" for={ruleFieldId(name('department'))}>
          <span>Department</span>
        </label>
        <input
          id={ruleFieldId(name('department'))}
          list="mail-departments"
          value={rule.department}
          placeholder="Any department"
          aria-invalid={errors[name('department')] ? true : undefined}
          aria-describedby={described('department', departmentHint)}
          onInput={(e) => change({ department: e.currentTarget.value })}
        />
        <p class="staff-control__hint" id={departmentHint}>
          As the site’s forms name it; empty for any department.
        </p>
        {error('department')}
      </div>
      <div class="staff-control mail-field mail-field--wide">
        <label class="staff-field" for={ruleFieldId(name('recipients'))}>
          <span>Mail them to</span>
        </label>
        <input
          id={ruleFieldId(name('recipients'))}
          value={rule.recipients}
          aria-invalid={errors[name('recipients')] ? true : undefined}
          aria-describedby={described('recipients', recipientsHint)}
          onInput={(e) => change({ recipients: e.currentTarget.value })}
        />
        <p class="staff-control__hint" id={recipientsHint}>
          One or more addresses, separated by commas.
        </p>
        {error('recipients')}
      </div>
      <button type="button" class="staff-button staff-button--danger mail-rule__remove" onClick={remove}>
        Remove rule {index + 1}
      </button>
    </fieldset>
  );
}
