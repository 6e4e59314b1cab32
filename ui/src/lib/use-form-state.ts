import { useRef, useState } from 'preact/hooks';
import { clearFieldError, type FieldErrors } from './form-validation';

/**
 * The state every form of the site keeps: its values, its field errors, the form element
 * (to move focus to a bad field) and the hidden honeypot field.
 */
export function useFormState<Values extends object>(empty: Values) {
  type Field = Extract<keyof Values, string>;
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);

  /** Editing a field sets its value and clears its error (SPEC.md section 4). */
  function setField<K extends Field>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => clearFieldError<Field>(current, field));
  }

  function focusField(field: Field | undefined) {
    if (field) formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  /** After a 201: every value and error back to empty, the honeypot too. */
  function reset() {
    setValues(empty);
    setErrors({});
    if (honeypotRef.current) honeypotRef.current.value = '';
  }

  return { values, setValues, errors, setErrors, formRef, honeypotRef, setField, focusField, reset };
}
