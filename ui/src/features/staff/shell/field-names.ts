import { messages } from '@/content/messages';
import { ApiError } from '@/lib/api-client';
import { listOf } from '@/lib/failure-message';
import { fillIn } from '@/lib/fill-in';

/**
 * The name a person sees for the control with element id `id`: its label's text, without the
 * hint or the "*" of a required field. Null when the page has no such labelled control.
 */
export function visibleLabel(id: string): string | null {
  const control = document.getElementById(id);
  const label =
    Array.from(document.querySelectorAll('label')).find((label) => label.htmlFor === id) ??
    control?.closest('label') ??
    null;
  const legend = control?.tagName === 'FIELDSET' ? control.querySelector('legend') : null;
  const text = (label ?? legend)?.textContent?.replace(/\s*\*\s*$/, '').trim();
  return text ? text : null;
}

/**
 * What a toast or an alert says when the server refused fields (422): "Please check Title and
 * Publish at.", naming each field as its label reads, never by the API's name for it
 * (`publish_at`, `social.facebook`). `idOf` gives a field's element id from its API name;
 * a field with no label on the screen is left out, and when none has one the message asks
 * to check the form.
 */
export function checkFieldsMessage(errors: Record<string, string>, idOf: (name: string) => string): string {
  const names: string[] = [];
  for (const key of Object.keys(errors)) {
    const label = visibleLabel(idOf(key)) ?? visibleLabel(idOf(key.replace(/[[.].*$/, '')));
    if (label && !names.includes(label)) names.push(label);
  }
  return names.length > 0 ? fillIn(messages.checkFields, { fields: listOf(names) }) : messages.checkForm;
}

/**
 * What a refused save of an editor (a story, an opening) says: for a 422 naming fields, the
 * labels of those fields (`checkFieldsMessage`); else the server's words.
 */
export function refusalMessage(
  err: { status: number; message: string; errors: Record<string, string> },
  idOf: (name: string) => string,
): string {
  return err.status === 422 && Object.keys(err.errors).length > 0
    ? checkFieldsMessage(err.errors, idOf)
    : err.message;
}

/**
 * The errors left once the field `name` changed: its own message goes (the person is fixing
 * it), as do those of its parts (`branches[2].city` when `branches` changes).
 */
export function withoutErrorOf(errors: Record<string, string>, name: string): Record<string, string> {
  const left = Object.fromEntries(
    Object.entries(errors).filter(
      ([key]) => key !== name && !key.startsWith(`${name}[`) && !key.startsWith(`${name}.`),
    ),
  );
  return Object.keys(left).length === Object.keys(errors).length ? errors : left;
}

/**
 * One autosave of an editor (a story, an opening): `send` saves and answers the saved item's
 * id, `then` follows a save (the item's own address after its first save, its facts read
 * again). Answers null once saved, or why not: a 409 also calls `onConflict` with its words.
 */
export async function autosaveOnce(
  send: () => Promise<string>,
  then: (id: string) => Promise<void>,
  onConflict: (message: string) => void,
  idOf: (name: string) => string,
): Promise<string | null> {
  try {
    await then(await send());
    return null;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status === 409) onConflict(err.message);
    return refusalMessage(err, idOf);
  }
}
