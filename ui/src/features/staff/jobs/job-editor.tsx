import { Link } from '@/components/site-link';
import { AutosaveStatus } from '@/features/staff/shell/autosave-status';
import { described, Field } from '@/features/staff/shell/labelled-field';
import { RichEditor } from '@/features/staff/shell/rich-editor';
import { EditorAlert } from '@/features/staff/shell/staff-parts';
import { JOB_STATE_TEXT } from './job-api';
import { jobFieldId, useJobDraft } from './use-job-draft';

/** A whole number typed in a field, or null when empty. */
function whole(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? Math.trunc(value) : null;
}

const DESCRIPTION_HINT =
  'What the role does, whom it suits and what it offers. Format with the toolbar or the keys: Ctrl+B bold, Ctrl+I italic, Ctrl+K link.';

/**
 * `/staff/jobs/:id`: an opening's fields, its description in the rich editor, and where it
 * stands (a draft saves itself; publish, close when filled, delete a draft).
 */
export function JobEditor({ id }: { id: string }) {
  const draft = useJobDraft(id);
  const { form, set, errors, choices, saved, state, busy } = draft;

  if (!draft.loaded) {
    return draft.alert ? (
      <p class="staff-alert" role="alert">
        {draft.alert} <Link to="/staff/jobs">Back to the openings</Link>
      </p>
    ) : (
      <p role="status">Loading…</p>
    );
  }

  const text = (key: 'title' | 'department', hint = false) => ({
    ...described(jobFieldId(key), errors[key], hint),
    value: form[key],
    onInput: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });
  const descriptionError = errors.description;

  return (
    <div class="staff-editor">
      <p class="staff-editor__back">
        <Link to="/staff/jobs">← All openings</Link>
      </p>
      <div class="job-editor__status">
        <p>
          <span class={`status-badge editor-state--${state}`}>{JOB_STATE_TEXT[state]}</span>
          {saved?.state === 'published' && (
            <>
              {' '}
              <a href={saved.url} target="_blank" rel="noreferrer">
                See it on the site
              </a>
            </>
          )}
          {saved?.closed_at &&
            ` · closed ${saved.closes_for_people && saved.closed_at === saved.closes_at ? 'at its closing time' : 'by hand'}`}
        </p>
        <AutosaveStatus phase={draft.autosave} dirty={draft.dirty} autosaving={state === 'draft'} />
      </div>
      <EditorAlert message={draft.alert} conflict={draft.conflict} onReload={draft.load} />
      <form
        class="staff-editor__form job-editor"
        aria-label="Job opening"
        onSubmit={(event) => {
          event.preventDefault();
          void draft.save('The job opening is saved.');
        }}
      >
        <Field id="job-title" label="Title" error={errors.title}>
          <input {...text('title')} maxLength={120} required />
        </Field>
        <div class="story-editor__row">
          <Field
            id="job-department"
            label="Department"
            error={errors.department}
            hint="Such as HR Labs or Facility management."
          >
            <input {...text('department', true)} list="job-departments" maxLength={80} required />
          </Field>
          <datalist id="job-departments">
            {choices.departments.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <Field
            id="job-location"
            label="Location"
            error={errors.location}
            hint="The company's offices and branches, from its details."
          >
            <select
              {...described('job-location', errors.location, true)}
              value={form.location}
              onChange={(event) => set('location', event.currentTarget.value)}
            >
              {choices.locations.map((place) => (
                <option key={place.name} value={place.name}>
                  {place.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div class="story-editor__row">
          <Field id="job-employment-type" label="Employment type" error={errors.employment_type}>
            <select
              {...described('job-employment-type', errors.employment_type)}
              value={form.employment_type}
              onChange={(event) => set('employment_type', event.currentTarget.value)}
            >
              {choices.employment_types.map((kind) => (
                <option key={kind.value} value={kind.value}>
                  {kind.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="job-workplace" label="Workplace" error={errors.workplace}>
            <select
              {...described('job-workplace', errors.workplace)}
              value={form.workplace}
              onChange={(event) => set('workplace', event.currentTarget.value)}
            >
              {choices.workplaces.map((kind) => (
                <option key={kind.value} value={kind.value}>
                  {kind.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="job-openings" label="Number of openings" error={errors.openings}>
            <input
              {...described('job-openings', errors.openings)}
              type="number"
              min={1}
              max={1000}
              inputMode="numeric"
              value={String(form.openings)}
              onInput={(event) => set('openings', whole(event.currentTarget.value) ?? 0)}
            />
          </Field>
        </div>
        <div class="story-editor__row">
          <Field
            id="job-recruiter"
            label="Recruiter"
            error={errors.recruiter}
            hint="Gets the mail of each application for this role, beside the mail settings' rule for applicants."
          >
            <select
              {...described('job-recruiter', errors.recruiter, true)}
              value={form.recruiter === null ? '' : String(form.recruiter)}
              onChange={(event) => set('recruiter', whole(event.currentTarget.value))}
            >
              <option value="">No recruiter</option>
              {form.recruiter !== null &&
                !choices.recruiters.some((account) => account.id === form.recruiter) && (
                  <option value={String(form.recruiter)}>Someone who no longer keeps the openings</option>
                )}
              {choices.recruiters.map((account) => (
                <option key={account.id} value={String(account.id)}>
                  {account.name} ({account.email})
                </option>
              ))}
            </select>
          </Field>
        </div>
        <fieldset class="job-editor__salary">
          <legend>Salary, in rupees a year (optional: shown on the posting when given)</legend>
          <div class="story-editor__row">
            <Field id="job-salary-min" label="From (₹)" error={errors.salary_min}>
              <input
                {...described('job-salary-min', errors.salary_min)}
                type="number"
                min={1}
                inputMode="numeric"
                value={form.salary_min === null ? '' : String(form.salary_min)}
                onInput={(event) => set('salary_min', whole(event.currentTarget.value))}
              />
            </Field>
            <Field id="job-salary-max" label="To (₹)" error={errors.salary_max}>
              <input
                {...described('job-salary-max', errors.salary_max)}
                type="number"
                min={1}
                inputMode="numeric"
                value={form.salary_max === null ? '' : String(form.salary_max)}
                onInput={(event) => set('salary_max', whole(event.currentTarget.value))}
              />
            </Field>
          </div>
        </fieldset>
        <Field
          id="job-closes-at"
          label="Applications close"
          error={errors.closes_at}
          hint={`On the office's clock (${choices.zone}). Empty: open until you close it. At this time the posting closes by itself.`}
        >
          <input
            {...described('job-closes-at', errors.closes_at, true)}
            type="datetime-local"
            value={form.closes_at ?? ''}
            onInput={(event) => set('closes_at', event.currentTarget.value || null)}
          />
        </Field>
        <div class={descriptionError ? 'staff-field staff-field--invalid' : 'staff-field'}>
          <span class="story-body__label" id="job-description-label">
            Description
          </span>
          <RichEditor
            id="job-description"
            value={form.description}
            onChange={(html) => set('description', html)}
            labelledBy="job-description-label"
            describedBy={described('job-description', descriptionError, true)['aria-describedby']}
            invalid={!!descriptionError}
            tools={['bold', 'italic', 'h2', 'h3', 'paragraph', 'ul', 'ol', 'link']}
          />
          <p class="staff-field__hint" id="job-description-hint">
            {DESCRIPTION_HINT}
          </p>
          {descriptionError && (
            <p class="staff-field__error" id="job-description-error">
              {descriptionError}
            </p>
          )}
        </div>
        <div class="staff-editor__actions">
          <button
            type="submit"
            class={state === 'draft' ? 'staff-button' : 'staff-button staff-button--primary'}
            disabled={busy}
          >
            {state === 'draft' ? 'Save draft' : 'Save changes'}
          </button>
          {state !== 'published' && (
            <button
              type="button"
              class="staff-button staff-button--primary"
              disabled={busy}
              onClick={() => draft.move('publish')}
            >
              {state === 'closed' ? 'Publish again' : 'Publish'}
            </button>
          )}
          {state === 'published' && (
            <button
              type="button"
              class="staff-button"
              disabled={busy}
              onClick={() => {
                if (window.confirm('Close this opening now? Its page says the position is closed.')) {
                  void draft.move('close');
                }
              }}
            >
              Close now
            </button>
          )}
          {saved && (
            <button
              type="button"
              class="staff-button staff-button--danger"
              disabled={busy}
              onClick={draft.remove}
            >
              Delete
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
