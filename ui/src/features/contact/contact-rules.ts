import { type FieldErrors, firstFailure, isBlank, type Rule } from '@/lib/form-validation';
import { visitorMessages } from '@/lib/page-fields';

export type ContactField = 'name' | 'mobile' | 'email' | 'requirment';
export type ContactValues = Record<ContactField, string>;

/** The fields in checking order; each is only required, with no format or length check. */
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'mobile', 'email', 'requirment'];

export const emptyContact: ContactValues = { name: '', mobile: '', email: '', requirment: '' };

const rules: readonly Rule<ContactField, ContactValues>[] = CONTACT_FIELDS.map((field) => ({
  field,
  fails: (values) => isBlank(values[field]),
}));

/** Each field is only required; the first empty one, in order, gets 'This Field is required*'. */
export function validateContact(values: ContactValues): FieldErrors<ContactField> {
  return firstFailure(values, rules, visitorMessages().contactFieldRequired);
}
