import type { ComponentChildren } from 'preact';
import type { CompanyDetailsForm } from '@/lib/api-types';

/** The server's field errors, by the field's API name. */
export type Errors = Record<string, string>;

/** Sets one of the details. */
export type SetDetail = <K extends keyof CompanyDetailsForm>(key: K, value: CompanyDetailsForm[K]) => void;

/** What every section of the form is given: the details, their errors, and a way to change one. */
export interface SectionProps {
  form: CompanyDetailsForm;
  errors: Errors;
  set: SetDetail;
}

/** The element id of a field by its API name: `branches[2].city` -> `set-branches-2-city`. */
export function fieldId(name: string): string {
  return `set-${name.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}`;
}

/** The error of a field, or of any of its parts (`head_office[1]` shows on `head_office`). */
export function errorOf(errors: Errors, name: string): string | undefined {
  if (errors[name]) return errors[name];
  const part = Object.keys(errors).find((key) => key.startsWith(`${name}[`));
  return part ? errors[part] : undefined;
}

export interface FieldProps {
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

export function Field({
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

/** A field for one of the details held as a plain value (`company_name`, `phone`...). */
export function detailField({ form, errors, set }: SectionProps) {
  return (name: keyof CompanyDetailsForm & string, label: string, extra: Partial<FieldProps> = {}) => (
    <Field
      name={name}
      label={label}
      value={String(form[name])}
      errors={errors}
      onInput={(value) => set(name, value as never)}
      {...extra}
    />
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section class="settings-section" aria-labelledby={`${id}-title`}>
      <h2 class="settings-section__title" id={`${id}-title`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
