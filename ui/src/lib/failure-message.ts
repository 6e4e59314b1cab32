import { ApiError } from './api-client';
import { fillIn } from './fill-in';
import { visitorMessages } from './page-fields';

/** A field of a form as the visitor sees it: its name in the payload and its label. */
export interface FieldLabel {
  name: string;
  label: string;
}

/** "Email", "Email and Mobile", "Name, Email and Mobile". */
export function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${visitorMessages().fieldsAnd} ${names[names.length - 1]}`;
}

/**
 * What a visitor reads when sending a form failed. A refused form (422) names the fields the
 * server refused with the form's own labels, in form order: the server's message speaks of an
 * `errors` list the visitor never sees. A 5xx says it is our fault and what to do, whatever the
 * server or a proxy answered. No answer at all keeps the network message. Any other refusal
 * (too large, unsupported file, too many requests) shows the server's own words.
 */
export function failureMessage(error: unknown, fields: readonly FieldLabel[]): string {
  if (!(error instanceof ApiError)) return visitorMessages().sendFailed;
  if (error.status === 422) {
    const named = fields.filter((field) => error.errors[field.name]).map((field) => field.label);
    return named.length > 0
      ? fillIn(visitorMessages().checkFields, { fields: listOf(named) })
      : visitorMessages().checkForm;
  }
  if (error.status >= 500) return visitorMessages().serverFailed;
  if (error.status === 0) return visitorMessages().networkFailed;
  return error.fromServer ? error.message : visitorMessages().sendFailed;
}
