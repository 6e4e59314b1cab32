import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, api } from './api-client';
import type { ChallengeBody, ProofForm } from './api-types';
import { type FieldLabel, failureMessage } from './failure-message';
import { clearFieldError, type FieldErrors, firstErrorField, knownFieldErrors } from './form-validation';
import { toast } from './toast';

/**
 * The proof of work's code: a chunk of its own, loaded at a form's first focus. Never in the
 * server's render (its worker's URL needs `import.meta`, which the render engine's script has
 * not; the server never focuses a field).
 */
const loadProof = () =>
  import.meta.env.SSR ? Promise.reject(new Error('no proof of work on the server')) : import('./form-proof');
const askChallenge = async (form: ProofForm) => (await api.get<ChallengeBody>('form-proof', { form })).body;

interface FormOptions<Values extends object> {
  /** The values a form starts with, and goes back to after a success. */
  empty: Values;
  /** Every field in form order: focus goes to the first bad one; server errors show for these. */
  fields: readonly Extract<keyof Values, string>[];
  /** The labels the visitor sees, to name refused fields in the failure toast. */
  labels: readonly FieldLabel[];
  /** Field errors found before sending; none means the form may be sent. */
  validate?: (values: Values) => FieldErrors<Extract<keyof Values, string>>;
  /** When false, submitting does nothing at all and shows nothing (the subscribe box left empty). */
  ready?: (values: Values) => boolean;
  /** The form its post's proof of work is for: solved from the first focus on a field. */
  proof: ProofForm;
  /**
   * Sends the values with the honeypot's content and the `Form-Proof` header; resolves on
   * success, rejects with an ApiError.
   */
  send: (values: Values, honeypot: string, proof: Record<string, string>) => Promise<unknown>;
  /** The toast after a success. */
  successMessage: string;
  /** Runs after a success, once values and errors are reset (a file input clears itself here). */
  onSuccess?: () => void;
}

/**
 * One way to submit a form, for every form of the site: values and field errors (editing a
 * field clears its error), validation with focus on the first bad field, the post's proof of
 * work (its code loaded at the first focus on a field, solved meanwhile; `sending` covers
 * what is left of it), one request at a time
 * (`sending` disables the submit button and further submits are ignored, so a slow server never
 * gets a double submit), a toast on success with everything reset, and on failure a toast a
 * visitor understands (failureMessage) and the server's field errors, with what they typed kept.
 */
export function useForm<Values extends object>(options: FormOptions<Values>) {
  type Field = Extract<keyof Values, string>;
  const { empty, fields, labels, validate, ready, proof, send, successMessage, onSuccess } = options;
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);

  /** Editing a field sets its value and clears its error, and only its own. */
  // The proof's code loads when a field first gets focus: none of it is in the first load.
  useEffect(() => {
    const form = formRef.current;
    const warm = () => void loadProof().then((module) => module.prepare(proof, askChallenge));
    form?.addEventListener('focusin', warm, { once: true });
    return () => form?.removeEventListener('focusin', warm);
  }, [proof]);

  /** Sends with a fresh answer; a refused one (expired, or too easy by now) is solved again once. */
  async function sendProven(honeypot: string) {
    const { proofFor } = await loadProof();
    const sendWith = async () =>
      send(values, honeypot, { 'Form-Proof': await proofFor(proof, askChallenge) });
    try {
      await sendWith();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 403 && error.errors.proof)) throw error;
      await sendWith();
    }
  }

  function setField<K extends Field>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => clearFieldError<Field>(current, field));
  }

  function focusField(field: Field | undefined) {
    if (field) formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  async function submit(): Promise<void> {
    inFlight.current = true;
    setSending(true);
    try {
      await sendProven(honeypotRef.current?.value ?? '');
      toast.success(successMessage);
      setValues(empty);
      setErrors({});
      if (honeypotRef.current) honeypotRef.current.value = '';
      onSuccess?.();
    } catch (error) {
      toast.error(failureMessage(error, labels));
      if (error instanceof ApiError) setErrors(knownFieldErrors(error.errors, fields));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  /** The form's onSubmit handler. */
  function onSubmit(event: Event) {
    event.preventDefault();
    if (inFlight.current || (ready && !ready(values))) return;
    const found = validate?.(values) ?? {};
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusField(firstErrorField(found, fields));
      return;
    }
    void submit();
  }

  return { values, setValues, errors, setErrors, setField, sending, onSubmit, formRef, honeypotRef };
}
