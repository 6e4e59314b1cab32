/** Per-field error messages; the forms show at most one at a time. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** One rule of a form: the field it reports on, and when it fails. */
export interface Rule<Field extends string, Values> {
  field: Field;
  fails: (values: Values) => boolean;
}

/** True for an empty or whitespace-only value. */
export function isBlank(value: string): boolean {
  return value.trim() === '';
}

/**
 * Checks the rules in order and stops at the first that fails, as every form does:
 * the result names that one field, or is empty when everything passes.
 */
export function firstFailure<Field extends string, Values>(
  values: Values,
  rules: readonly Rule<Field, Values>[],
  message: string,
): FieldErrors<Field> {
  for (const rule of rules) {
    if (rule.fails(values)) return { [rule.field]: message } as FieldErrors<Field>;
  }
  return {};
}

/** Editing a field clears its error and leaves the others. */
export function clearFieldError<Field extends string>(
  errors: FieldErrors<Field>,
  field: Field,
): FieldErrors<Field> {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** The first field (in form order) that has an error, to move focus there. */
export function firstErrorField<Field extends string>(
  errors: FieldErrors<Field>,
  order: readonly Field[],
): Field | undefined {
  return order.find((field) => errors[field]);
}

/** Server-side field errors (a 422) for the fields this form has. */
export function knownFieldErrors<Field extends string>(
  errors: Record<string, string>,
  fields: readonly Field[],
): FieldErrors<Field> {
  const known: FieldErrors<Field> = {};
  for (const field of fields) {
    const message = errors[field];
    if (message) known[field] = message;
  }
  return known;
}
