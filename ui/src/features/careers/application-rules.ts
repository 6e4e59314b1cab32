import { type FieldErrors, firstFailure, isBlank, type Rule } from '@/lib/form-validation';
import { visitorMessages } from '@/lib/page-fields';

export type ApplicationTextField = 'name' | 'mobile' | 'email' | 'experience' | 'previous_company' | 'query';
type ApplicationField = ApplicationTextField | 'file';

export interface ApplicationValues extends Record<ApplicationTextField, string> {
  file: File | null;
}

export const emptyApplication: ApplicationValues = {
  name: '',
  mobile: '',
  email: '',
  experience: '',
  previous_company: '',
  query: '',
  file: null,
};

/** Every field in form order (errors from the server may name any of them). */
export const APPLICATION_FIELDS: readonly ApplicationField[] = [
  'name',
  'mobile',
  'email',
  'experience',
  'previous_company',
  'file',
  'query',
];

/** The 10 in the mobile check has no effect (see the rule below); kept as given. */
const MOBILE_LENGTH = 10;

/** Checked in order, stopping at the first failure; previous_company and query are optional. */
const rules: readonly Rule<ApplicationField, ApplicationValues>[] = [
  { field: 'name', fails: (v) => isBlank(v.name) },
  // The product's lenient check, kept as written: an error only when the value is empty AND
  // shorter than 10 characters, so any non-empty value passes. No format check.
  { field: 'mobile', fails: (v) => isBlank(v.mobile) && v.mobile.length < MOBILE_LENGTH },
  { field: 'email', fails: (v) => isBlank(v.email) },
  { field: 'experience', fails: (v) => isBlank(v.experience) },
  { field: 'file', fails: (v) => v.file === null },
];

/** The first failing field gets 'This Field is required *'. */
export function validateApplication(values: ApplicationValues): FieldErrors<ApplicationField> {
  return firstFailure(values, rules, visitorMessages().joinUsFieldRequired);
}

/**
 * The first failure's message, except that a file the picker refused keeps its own words:
 * the field is empty because of the refusal, not because nothing was chosen.
 */
export function validateWithRefusal(
  values: ApplicationValues,
  refusal: string | null,
): FieldErrors<ApplicationField> {
  const found = validateApplication(values);
  if (found.file && refusal) return { ...found, file: refusal };
  return found;
}

/** The resume must be one of the types the picker offers (a PDF or an image). */
export function isAcceptedImage(file: File, accept: string): boolean {
  const types = accept.split(',').map((type) => type.trim().toLowerCase());
  return types.includes(file.type.toLowerCase());
}
