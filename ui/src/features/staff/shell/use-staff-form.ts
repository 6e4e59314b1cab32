import { useState } from 'preact/hooks';
import { ApiError } from '@/lib/api-client';
import { failureText, fieldErrorsOf } from './failure';

/** Messages by field name, as the API's JSON error shape names them (`errors`). */
export type FieldErrors = Record<string, string>;

/** What a check before sending finds: `field`'s message when it is `wrong`, else nothing. */
export function fieldMessage(wrong: boolean, field: string, message: string): FieldErrors {
  return wrong ? { [field]: message } : {};
}

export interface StaffFormOptions<Args extends unknown[], Answer> {
  /** The call, with what `run` was given: resolves with the API's answer, rejects with an ApiError. */
  send: (...args: Args) => Promise<Answer>;
  /** What the form finds wrong before sending: any field message and nothing is sent. */
  check?: (...args: Args) => FieldErrors;
  /** After a success, with the answer: what the form says now (its status line) when it answers words. */
  done?: (answer: Answer, ...args: Args) => unknown;
  /** The form's message for a failure that names none of its fields (a rule is given the call's arguments too). */
  failure: string | ((error: unknown, ...args: Args) => string);
  /** The fields that show a message of their own (every field the API names, when not given). */
  fields?: readonly string[];
  /**
   * A form of one field (an address, a file, a name) says everything there: the field's own
   * message, or the form's for a failure that names none.
   */
  failureAt?: string;
  /** The form is a link's, which the server may find spent or expired (410): its words go to `spent`. */
  spendable?: boolean;
  /**
   * The form's message belongs to the screen around it (one line for several forms): it gets
   * every change of it, an empty one as a call starts.
   */
  onError?: (message: string) => void;
  /** After any failure, once the messages are set (to empty a code, to move the focus). */
  failed?: (error: unknown, errors: FieldErrors) => void;
}

/**
 * One way to send a staff form (or a button's call): `busy` while the call is out, the form's
 * message and its fields' (from the API's JSON error shape), a spent link's words, and what a
 * success says. A call starts with every message cleared. The screen states its fields and its
 * call; `submit` is its form's onSubmit, `run` sends from a button (with arguments, if any).
 */
export function useStaffForm<Args extends unknown[] = [], Answer = unknown>(
  options: StaffFormOptions<Args, Answer>,
) {
  const [busy, setBusy] = useState(false);
  const [ownError, setOwnError] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [spent, setSpent] = useState('');
  const [said, setSaid] = useState('');
  const setError = (message: string) => {
    setOwnError(message);
    options.onError?.(message);
  };

  const run = async (...args: Args): Promise<void> => {
    const { send, check, done, failure, fields, failureAt, spendable, failed } = options;
    const found = check?.(...args) ?? {};
    if (Object.values(found).some(Boolean)) {
      // A check before sending is the form's own: a screen's line keeps what it says.
      setErrors(found);
      setOwnError('');
      return;
    }
    setBusy(true);
    setErrors({});
    setError('');
    setSaid('');
    try {
      const answer = await send(...args);
      const words = done?.(answer, ...args);
      setSaid(typeof words === 'string' ? words : '');
    } catch (error) {
      const named = fieldErrorsOf(error, fields ?? (failureAt ? [failureAt] : undefined));
      if (spendable && error instanceof ApiError && error.status === 410) {
        setSpent(error.message);
      } else if (Object.values(named).some(Boolean)) {
        setErrors(named);
      } else {
        const message = typeof failure === 'string' ? failureText(error, failure) : failure(error, ...args);
        if (failureAt) setErrors({ [failureAt]: message });
        else setError(message);
      }
      failed?.(error, named);
    } finally {
      setBusy(false);
    }
  };

  /** The form's own messages gone (a form opened again, or put away); a screen's line keeps its words. */
  const clear = () => {
    setErrors({});
    setOwnError('');
    setSaid('');
  };

  /** A field of the form as its input takes it: the value, what typing does, and its message. */
  const field = <V>(name: string, value: V, onInput: (value: V) => void) => ({
    value,
    onInput,
    error: errors[name],
  });

  /** The form's onSubmit: sends what the form holds. */
  const submit = (event: Event) => {
    event.preventDefault();
    void run(...([] as unknown as Args));
  };

  return { busy, error: ownError, errors, setErrors, field, spent, said, setSaid, submit, run, clear };
}
