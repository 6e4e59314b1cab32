import type { Role } from '@/lib/staff-types';

/** Every role, in the order the server lists them, as the office names them and what each opens. */
export const ROLES: readonly { role: Role; label: string; reaches: string }[] = [
  { role: 'owner', label: 'Owner', reaches: 'everything, with the team and mail' },
  { role: 'editor', label: 'Editor', reaches: 'stories and media, and analytics' },
  { role: 'recruiter', label: 'Recruiter', reaches: 'applicants and their resumes' },
  { role: 'sales', label: 'Sales', reaches: 'enquiries, subscribers and analytics' },
];

export function roleLabel(role: Role): string {
  return ROLES.find((entry) => entry.role === role)?.label ?? role;
}

/** `Owner, Recruiter`. */
export function roleList(roles: readonly Role[]): string {
  return roles.map(roleLabel).join(', ');
}
