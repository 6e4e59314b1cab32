import { TextField } from '@/components/form-field';
import { HoneypotField } from '@/components/honeypot-field';
import { contactContent } from '@/content/contact';
import { messages } from '@/content/messages';
import { firstErrorField, knownFieldErrors } from '@/lib/form-validation';
import { toast } from '@/lib/toast';
import { useFormState } from '@/lib/use-form-state';
import { useSubmission } from '@/lib/use-submission';
import { sendEnquiry } from './contact-api';
import {
  CONTACT_FIELDS,
  type ContactField,
  type ContactValues,
  emptyContact,
  validateContact,
} from './contact-rules';

const inputs: Record<
  ContactField,
  { type?: 'text' | 'email' | 'tel'; autoComplete: string; inputMode?: 'tel' | 'email'; multiline?: boolean }
> = {
  name: { autoComplete: 'name' },
  mobile: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  requirment: { autoComplete: 'off', multiline: true },
};

/** "Write to Us" (SPEC.md "Contact Us", sections 4 and 5). */
export function ContactForm() {
  const { form } = contactContent;
  const { values, errors, setErrors, formRef, honeypotRef, setField, focusField, reset } =
    useFormState<ContactValues>(emptyContact);
  const { sending, submit } = useSubmission();

  function onSubmit(event: Event) {
    event.preventDefault();
    if (sending) return;
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusField(firstErrorField(found, CONTACT_FIELDS));
      return;
    }
    void submit(
      async () => {
        await sendEnquiry(values, honeypotRef.current?.value ?? '');
        toast.success(messages.contactSubmitted);
        reset();
      },
      (failure) => setErrors(knownFieldErrors(failure.errors, CONTACT_FIELDS)),
    );
  }

  return (
    <form ref={formRef} class="form-card" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" class="form-card__title">
        {form.heading}
      </h2>
      <p class="form-card__intro">{form.intro}</p>
      {form.fields.map((field) => (
        <TextField
          key={field.name}
          id={`contact-${field.name}`}
          name={field.name}
          label={field.label}
          placeholder={field.placeholder}
          value={values[field.name]}
          error={errors[field.name]}
          onValue={(value) => setField(field.name, value)}
          {...inputs[field.name]}
        />
      ))}
      <HoneypotField inputRef={honeypotRef} />
      <button
        type="submit"
        class="action-button action-button--primary form-card__submit"
        disabled={sending}
        aria-busy={sending}
      >
        {sending && <span class="action-button__spinner" aria-hidden="true" />}
        {form.submitLabel}
      </button>
    </form>
  );
}
