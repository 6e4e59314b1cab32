import { useRef } from 'preact/hooks';
import { TextField } from '@/components/form-field';
import { HoneypotField } from '@/components/honeypot-field';
import { SubmitButton } from '@/components/submit-button';
import type { ApplicantFieldName } from '@/content/types';
import { fieldOf, visitorMessages } from '@/lib/page-fields';
import { useForm } from '@/lib/use-form';
import { sendApplication } from './application-api';
import {
  APPLICATION_FIELDS,
  type ApplicationTextField,
  type ApplicationValues,
  emptyApplication,
  isAcceptedImage,
  validateWithRefusal,
} from './application-rules';
import { careersWords } from './careers-words';
import { FilePicker } from './file-picker';

const inputs: Record<
  ApplicationTextField,
  {
    type?: 'text' | 'tel' | 'number';
    autoComplete: string;
    inputMode?: 'tel' | 'email' | 'numeric';
    multiline?: boolean;
    min?: number;
  }
> = {
  name: { autoComplete: 'name' },
  mobile: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  // A plain text input with no format check; the keyboard is still email's.
  email: { autoComplete: 'email', inputMode: 'email' },
  // Experience is at least 0.
  experience: { type: 'number', autoComplete: 'off', inputMode: 'numeric', min: 0 },
  previous_company: { autoComplete: 'organization' },
  query: { autoComplete: 'off', multiline: true },
};

function fieldLabel(name: ApplicantFieldName): string {
  return careersWords().form.fields.find((field) => field.name === name)?.label ?? name;
}

/**
 * The Join Us application form: editing a field clears its error; after a 201 all fields reset.
 * On a posting's page it applies for that opening (`job`: its slug) under its own heading.
 */
export function ApplicationForm({ job, heading }: { job?: string; heading?: string }) {
  const { form } = careersWords();
  const fileRef = useRef<HTMLInputElement>(null);
  // Why the last file picked was refused, until another is picked or the choice is removed.
  const refusal = useRef<string | null>(null);
  const { values, setValues, errors, setErrors, setField, sending, onSubmit, formRef, honeypotRef } =
    useForm<ApplicationValues>({
      empty: emptyApplication,
      fields: APPLICATION_FIELDS,
      labels: form.fields,
      validate: (current) => validateWithRefusal(current, refusal.current),
      proof: 'application',
      send: (values, honeypot, proof) => sendApplication(values, honeypot, proof, job),
      successMessage: visitorMessages().applicationSubmitted,
      onSuccess: () => {
        if (fileRef.current) fileRef.current.value = '';
      },
    });

  function clearFile() {
    if (fileRef.current) fileRef.current.value = '';
    setValues((current) => ({ ...current, file: null }));
  }

  function onChoose(file: File | null) {
    if (file && !isAcceptedImage(file, form.uploadAccept)) {
      if (fileRef.current) fileRef.current.value = '';
      refusal.current = form.unsupportedFileMessage;
      setValues((current) => ({ ...current, file: null }));
      setErrors((current) => ({ ...current, file: form.unsupportedFileMessage }));
      return;
    }
    refusal.current = null;
    setField('file', file);
  }

  function onRemove() {
    refusal.current = null;
    clearFile();
    fileRef.current?.focus();
  }

  function textField(name: ApplicationTextField) {
    const field = form.fields.find((f) => f.name === name);
    return (
      <TextField
        key={name}
        id={`apply-${name}`}
        name={name}
        label={fieldLabel(name)}
        placeholder={field?.placeholder}
        value={values[name]}
        error={errors[name]}
        onValue={(value) => setField(name, value)}
        {...inputs[name]}
      />
    );
  }

  return (
    <form ref={formRef} class="form-card" noValidate onSubmit={onSubmit} aria-labelledby="apply-form-title">
      {heading ? (
        <h2 id="apply-form-title" class="form-card__title">
          {heading}
        </h2>
      ) : (
        <h2 id="apply-form-title" class="form-card__title" {...fieldOf('careersContent.form.heading')}>
          {form.heading}
        </h2>
      )}
      <p class="form-card__intro" {...fieldOf('careersContent.form.intro')}>
        {form.intro}
      </p>
      <div class="form-card__pair">
        {textField('name')}
        {textField('mobile')}
      </div>
      <div class="form-card__pair">
        {textField('email')}
        {textField('experience')}
      </div>
      {textField('previous_company')}
      <FilePicker
        id="apply-file"
        label={fieldLabel('file')}
        file={values.file}
        error={errors.file}
        inputRef={fileRef}
        onChoose={onChoose}
        onRemove={onRemove}
      />
      {textField('query')}
      <HoneypotField inputRef={honeypotRef} />
      <SubmitButton busy={sending} tone="primary" class="form-card__submit">
        {form.submitLabel}
      </SubmitButton>
    </form>
  );
}
