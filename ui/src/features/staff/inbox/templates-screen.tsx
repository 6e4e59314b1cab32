import { useState } from 'preact/hooks';
import { apiMessageOr } from '@/features/staff/shell/failure';
import { SaidLine, StaffAlert } from '@/features/staff/shell/staff-parts';
import { useStaffForm } from '@/features/staff/shell/use-staff-form';
import { useStaffLoad } from '@/features/staff/shell/use-staff-load';
import type { TemplateForm } from '@/lib/staff-types';
import { repliesApi, type TemplateList, type TemplatesBody } from './replies-api';

const LIST_LABELS: Record<TemplateList, string> = { enquiries: 'Enquiries', applicants: 'Applicants' };

/** `/staff/templates`: the words replies start from, per list and department, each list kept by its role. */
export function TemplatesScreen() {
  const load = useStaffLoad(
    () => repliesApi.templates(),
    [],
    apiMessageOr('The templates could not be loaded.'),
  );
  const body = load.data;
  if (!body) return load.error ? <StaffAlert message={load.error} /> : <p role="status">Loading…</p>;
  if (body.lists.length === 0) return <p>Your roles keep no list that takes replies.</p>;
  return (
    <div class="templates">
      <p class="templates__help">
        A reply starts from one of these in the lead's composer. Placeholders are filled from the lead:{' '}
        {body.placeholders.map((p, i) => (
          <span key={p}>
            {i > 0 && ', '}
            <code>{`{${p}}`}</code>
          </span>
        ))}
        . Leave the department empty for every department of the list.
      </p>
      {body.lists.map((list) => (
        <ListTemplates key={list} list={list} body={body} onSaved={load.setData} />
      ))}
    </div>
  );
}

function ListTemplates({
  list,
  body,
  onSaved,
}: {
  list: TemplateList;
  body: TemplatesBody;
  onSaved: (body: TemplatesBody) => void;
}) {
  const [rows, setRows] = useState<TemplateForm[]>(() =>
    body.templates
      .filter((t) => t.list === list)
      .map(({ department, name, subject, text }) => ({ department, name, subject, text })),
  );
  const form = useStaffForm({
    send: () => repliesApi.saveTemplates(list, rows),
    done: (saved) => {
      onSaved(saved);
      return `${LIST_LABELS[list]} templates saved.`;
    },
    failure: apiMessageOr('The templates could not be saved. Please try again.'),
  });
  const change = (index: number, key: keyof TemplateForm, value: string) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  const id = (index: number, key: string) => `template-${list}-${index}-${key}`;
  const error = (index: number, key: string) => form.errors[`templates.${index}.${key}`];
  const field = (index: number, key: keyof TemplateForm, label: string, multi = false) => {
    const message = error(index, key);
    const props = {
      id: id(index, key),
      value: rows[index]?.[key] ?? '',
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? `${id(index, key)}-error` : undefined,
      onInput: (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
        change(index, key, e.currentTarget.value),
    };
    return (
      <div class="staff-field">
        <label for={id(index, key)}>{label}</label>
        {multi ? <textarea rows={5} {...props} /> : <input {...props} />}
        {message && (
          <p class="staff-field__error" id={`${id(index, key)}-error`}>
            {message}
          </p>
        )}
      </div>
    );
  };
  return (
    <form
      class="staff-panel templates__list"
      aria-labelledby={`templates-${list}`}
      onSubmit={(event) => {
        event.preventDefault();
        void form.run();
      }}
    >
      <h2 id={`templates-${list}`}>{LIST_LABELS[list]}</h2>
      {rows.length === 0 && <p class="lead-detail__meta">No templates yet.</p>}
      {rows.map((_, index) => (
        <fieldset class="templates__one" key={index}>
          <legend>{rows[index]?.name || `Template ${index + 1}`}</legend>
          {field(index, 'name', 'Name')}
          {field(index, 'department', 'Department (empty: every department)')}
          {field(index, 'subject', 'Subject (empty: "Re: …" as the lead starts it)')}
          {field(index, 'text', 'Text', true)}
          <button
            type="button"
            class="staff-button staff-button--danger"
            onClick={() => setRows((all) => all.filter((__, i) => i !== index))}
          >
            Remove this template
          </button>
        </fieldset>
      ))}
      <StaffAlert message={form.error} />
      <SaidLine class="templates__said" message={form.said} />
      <div class="templates__actions">
        <button
          type="button"
          class="staff-button"
          onClick={() => setRows((all) => [...all, { department: '', name: '', subject: '', text: '' }])}
        >
          Add a template
        </button>
        <button type="submit" class="staff-button staff-button--primary" disabled={form.busy}>
          Save {LIST_LABELS[list].toLowerCase()} templates
        </button>
      </div>
    </form>
  );
}
