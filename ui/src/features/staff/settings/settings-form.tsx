import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '@/lib/api-client';
import type { SettingsBody, SiteDetailsForm } from '@/lib/api-types';
import { mediaUrl } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';
import { settingsApi } from './settings-api';

type Errors = Record<string, string>;

/** The element id of a field by its API name: `branches[2].city` -> `set-branches-2-city`. */
export function fieldId(name: string): string {
  return `set-${name.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}`;
}

/** The error of a field, or of any of its parts (`head_office[1]` shows on `head_office`). */
function errorOf(errors: Errors, name: string): string | undefined {
  if (errors[name]) return errors[name];
  const part = Object.keys(errors).find((key) => key.startsWith(`${name}[`));
  return part ? errors[part] : undefined;
}

interface FieldProps {
  name: string;
  label: string;
  value: string;
  errors: Errors;
  onInput: (value: string) => void;
  type?: 'text' | 'url' | 'tel' | 'email' | 'number';
  hint?: string;
  required?: boolean;
  multiline?: boolean;
}

function Field({
  name,
  label,
  value,
  errors,
  onInput,
  type = 'text',
  hint,
  required,
  multiline,
}: FieldProps) {
  const id = fieldId(name);
  const error = errorOf(errors, name);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    name,
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  };
  return (
    <div class="settings-field">
      <label class="staff-field" for={id}>
        <span>{label}</span>
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onInput={(e) => onInput(e.currentTarget.value)} />
      ) : (
        <input
          {...common}
          // One of the text-like types; preact's types want each literal on its own.
          type={type as 'text'}
          inputMode={type === 'number' ? 'numeric' : undefined}
          onInput={(e) => onInput(e.currentTarget.value)}
        />
      )}
      {hint && (
        <p class="settings-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="settings-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section class="settings-section" aria-labelledby={`${id}-title`}>
      <h2 class="settings-section__title" id={`${id}-title`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Rows of one list with an add button; each row has its own remove button. */
function Rows<T>({
  name,
  label,
  rows,
  errors,
  blank,
  max,
  onChange,
  render,
}: {
  name: string;
  label: string;
  rows: T[];
  errors: Errors;
  blank: T;
  max: number;
  onChange: (rows: T[]) => void;
  render: (row: T, index: number, set: (row: T) => void) => ComponentChildren;
}) {
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow === null) return;
    const target =
      focusRow < 0
        ? document.getElementById(`${fieldId(name)}-add`)
        : document.querySelector<HTMLElement>(`#${fieldId(name)}-row-${focusRow} input`);
    target?.focus();
    setFocusRow(null);
  }, [focusRow, name]);
  const listError = errors[name];
  return (
    <div class="settings-rows">
      <ol class="settings-rows__list">
        {rows.map((row, index) => (
          // Rows have no ids of their own; the position is what the API's errors name too.
          <li key={index} class="settings-row" id={`${fieldId(name)}-row-${index}`}>
            <div class="settings-row__fields">
              {render(row, index, (next) => onChange(rows.map((old, at) => (at === index ? next : old))))}
            </div>
            <button
              type="button"
              class="staff-button staff-button--danger settings-row__remove"
              onClick={() => {
                onChange(rows.filter((_, at) => at !== index));
                setFocusRow(-1);
              }}
            >
              Remove<span class="visually-hidden"> {`${label.toLowerCase()} ${index + 1}`}</span>
            </button>
          </li>
        ))}
      </ol>
      {listError && (
        <p class="settings-field__error" id={`${fieldId(name)}-error`}>
          {listError}
        </p>
      )}
      <button
        type="button"
        class="staff-button"
        id={`${fieldId(name)}-add`}
        disabled={rows.length >= max}
        onClick={() => {
          onChange([...rows, blank]);
          setFocusRow(rows.length);
        }}
      >
        Add {label.toLowerCase()}
      </button>
    </div>
  );
}

const lines = (text: string) => text.split('\n');

/** A leader's portrait: the stored image, an upload button and a remove button. */
function PortraitField({
  name,
  leader,
  path,
  errors,
  onChange,
}: {
  name: string;
  leader: string;
  path: string;
  errors: Errors;
  onChange: (path: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState('');
  const id = fieldId(name);
  const error = uploadError || errorOf(errors, name);
  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setUploadError('');
    try {
      onChange(await settingsApi.uploadPortrait(file));
      toast.success('Portrait uploaded. Save the details to show it on the site.');
    } catch (failure) {
      const message =
        failure instanceof ApiError
          ? failure.message
          : 'The portrait could not be uploaded. Please try again.';
      setUploadError(message);
      toast.error(message);
    } finally {
      setBusy(false);
      input.value = '';
    }
  };
  const src = path ? mediaUrl(path) : undefined;
  return (
    <div class="settings-field settings-portrait">
      <label class="staff-field" for={id}>
        <span>Portrait{leader ? ` of ${leader}` : ''}</span>
      </label>
      <div class="settings-portrait__row">
        {src ? (
          <img class="settings-portrait__image" src={src} alt="" width={64} height={64} />
        ) : (
          <span class="settings-portrait__none">Initials shown</span>
        )}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => upload(e.currentTarget)}
        />
        {path && (
          <button type="button" class="staff-button" onClick={() => onChange('')}>
            Remove portrait<span class="visually-hidden">{leader ? ` of ${leader}` : ''}</span>
          </button>
        )}
      </div>
      {busy && <p role="status">Uploading…</p>}
      {error && (
        <p class="settings-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The company's details, as one form saved whole (`PUT /api/staff/settings`). */
export function SettingsForm() {
  const [loaded, setLoaded] = useState<SettingsBody | null>(null);
  const [form, setForm] = useState<SiteDetailsForm | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    settingsApi.read().then(
      (body) => {
        setLoaded(body);
        setForm(body.data);
      },
      () => setFailed(true),
    );
  }, []);

  if (failed) {
    return (
      <p class="staff-alert" role="alert">
        The company's details could not be loaded. Please reload the page.
      </p>
    );
  }
  if (!form || !loaded) return <p role="status">Loading…</p>;

  const set = <K extends keyof SiteDetailsForm>(key: K, value: SiteDetailsForm[K]) =>
    setForm({ ...form, [key]: value });
  const field = (name: keyof SiteDetailsForm & string, label: string, extra: Partial<FieldProps> = {}) => (
    <Field
      name={name}
      label={label}
      value={String(form[name])}
      errors={errors}
      onInput={(value) => set(name, value as never)}
      {...extra}
    />
  );

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await settingsApi.save(form);
      setLoaded(saved);
      setForm(saved.data);
      setErrors({});
      toast.success('Company details saved. The site shows them now.');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setErrors(error.errors);
        toast.error(error.message);
        const first = Object.keys(error.errors)[0] ?? '';
        const target =
          document.getElementById(fieldId(first)) ??
          document.getElementById(fieldId(first.replace(/\[\d+\]$/, ''))) ??
          document.getElementById(`${fieldId(first)}-add`);
        target?.focus();
        target?.scrollIntoView({ block: 'center' });
      } else {
        toast.error('The details could not be saved. Nothing was lost: please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="settings" onSubmit={submit} noValidate>
      {loaded.demo ? (
        <p class="settings-demo" role="note">
          <strong>Demo details.</strong> The site shows the demo details it was shipped with. Replace them
          with the company's own and save.
        </p>
      ) : (
        <p class="settings-saved">
          Last saved {loaded.saved_at?.replace('T', ' ').slice(0, 16)} UTC by {loaded.saved_by}.
        </p>
      )}

      <Section id="settings-company" title="Company and contact">
        {field('company_name', 'Company name', { required: true })}
        <Field
          name="head_office"
          label="Head office address"
          hint="One line per address line."
          multiline
          value={form.head_office.join('\n')}
          errors={errors}
          onInput={(value) => set('head_office', lines(value))}
        />
        <Field
          name="usa_office"
          label="USA office address"
          hint="One line per address line."
          multiline
          value={form.usa_office.join('\n')}
          errors={errors}
          onInput={(value) => set('usa_office', lines(value))}
        />
        {field('phone', 'Phone', { type: 'tel', required: true })}
        {field('usa_phone', 'USA phone', { type: 'tel' })}
        {field('email', 'Email', { type: 'email', required: true })}
        {field('map_location', 'Map location', { hint: 'The place the contact page map shows.' })}
      </Section>

      <Section id="settings-branches" title="Branches">
        <Rows
          name="branches"
          label="Branch"
          rows={form.branches}
          errors={errors}
          max={30}
          blank={{ city: '', address: '' }}
          onChange={(rows) => set('branches', rows)}
          render={(row, index, setRow) => (
            <>
              <Field
                name={`branches[${index}].city`}
                label="City"
                value={row.city}
                errors={errors}
                onInput={(city) => setRow({ ...row, city })}
              />
              <Field
                name={`branches[${index}].address`}
                label="Address"
                value={row.address}
                errors={errors}
                onInput={(address) => setRow({ ...row, address })}
              />
            </>
          )}
        />
      </Section>

      <Section id="settings-sites" title="Group websites">
        {(
          [
            ['transactions', 'Fidelitus Transactions'],
            ['projects', 'Fidelitus Projects'],
            ['fms', 'Fidelitus FMS'],
            ['hr_labs', 'Fidelitus HR Labs'],
          ] as const
        ).map(([key, label]) => (
          <Field
            key={key}
            name={`sister_sites.${key}`}
            label={label}
            type="url"
            value={form.sister_sites[key]}
            errors={errors}
            onInput={(url) => set('sister_sites', { ...form.sister_sites, [key]: url })}
          />
        ))}
        {field('gallery_url', 'Fidelitus Gallery', { type: 'url' })}
        {field('foundation_url', 'Shilpa Foundation', { type: 'url' })}
      </Section>

      <Section id="settings-social" title="Social links and WhatsApp">
        {(
          [
            ['facebook', 'Facebook'],
            ['instagram', 'Instagram'],
            ['linkedin', 'LinkedIn'],
            ['youtube', 'YouTube'],
          ] as const
        ).map(([key, label]) => (
          <Field
            key={key}
            name={`social.${key}`}
            label={label}
            type="url"
            hint={key === 'facebook' ? 'Leave a link empty to hide its icon.' : undefined}
            value={form.social[key]}
            errors={errors}
            onInput={(url) => set('social', { ...form.social, [key]: url })}
          />
        ))}
        {field('whatsapp_number', 'WhatsApp number', { type: 'tel' })}
        {field('whatsapp_greeting', 'WhatsApp greeting', { hint: 'The message a chat opens with.' })}
      </Section>

      <Section id="settings-counters" title="Overview counters">
        <Rows
          name="counters"
          label="Counter"
          rows={form.counters}
          errors={errors}
          max={8}
          blank={{ heading: '', count: 0, suffix: '' }}
          onChange={(rows) => set('counters', rows)}
          render={(row, index, setRow) => (
            <>
              <Field
                name={`counters[${index}].heading`}
                label="Heading"
                value={row.heading}
                errors={errors}
                onInput={(heading) => setRow({ ...row, heading })}
              />
              <Field
                name={`counters[${index}].count`}
                label="Figure"
                type="number"
                value={String(row.count)}
                errors={errors}
                onInput={(count) => setRow({ ...row, count: Number.parseInt(count, 10) || 0 })}
              />
              <Field
                name={`counters[${index}].suffix`}
                label="After the figure"
                value={row.suffix}
                errors={errors}
                onInput={(suffix) => setRow({ ...row, suffix })}
              />
            </>
          )}
        />
      </Section>

      <Section id="settings-leaders" title="Leaders">
        <Rows
          name="leaders"
          label="Leader"
          rows={form.leaders}
          errors={errors}
          max={24}
          blank={{ name: '', designation: '', portrait: '', linkedin: '', whatsapp: '' }}
          onChange={(rows) => set('leaders', rows)}
          render={(row, index, setRow) => (
            <>
              <Field
                name={`leaders[${index}].name`}
                label="Name"
                value={row.name}
                errors={errors}
                onInput={(name) => setRow({ ...row, name })}
              />
              <Field
                name={`leaders[${index}].designation`}
                label="Designation"
                value={row.designation}
                errors={errors}
                onInput={(designation) => setRow({ ...row, designation })}
              />
              <Field
                name={`leaders[${index}].linkedin`}
                label="LinkedIn"
                type="url"
                value={row.linkedin}
                errors={errors}
                onInput={(linkedin) => setRow({ ...row, linkedin })}
              />
              <Field
                name={`leaders[${index}].whatsapp`}
                label="WhatsApp link"
                type="url"
                value={row.whatsapp}
                errors={errors}
                onInput={(whatsapp) => setRow({ ...row, whatsapp })}
              />
              <PortraitField
                name={`leaders[${index}].portrait`}
                leader={row.name}
                path={row.portrait}
                errors={errors}
                onChange={(portrait) => setRow({ ...row, portrait })}
              />
            </>
          )}
        />
      </Section>

      <Section id="settings-clients" title="Clients served">
        <Rows
          name="clients"
          label="Client"
          rows={form.clients}
          errors={errors}
          max={100}
          blank={{ name: '', sector: '' }}
          onChange={(rows) => set('clients', rows)}
          render={(row, index, setRow) => (
            <>
              <Field
                name={`clients[${index}].name`}
                label="Name"
                value={row.name}
                errors={errors}
                onInput={(name) => setRow({ ...row, name })}
              />
              <Field
                name={`clients[${index}].sector`}
                label="Sector"
                value={row.sector}
                errors={errors}
                onInput={(sector) => setRow({ ...row, sector })}
              />
            </>
          )}
        />
      </Section>

      <div class="settings-actions">
        <button class="staff-button staff-button--primary" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save company details'}
        </button>
      </div>
    </form>
  );
}
