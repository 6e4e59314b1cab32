import type { LeadStatus, ListName } from './inbox-api';

export const statusLabels: Record<LeadStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  done: 'Done',
  spam: 'Spam',
};

export const listLabels: Record<ListName, string> = {
  enquiries: 'Enquiries',
  subscribers: 'Subscribers',
  applicants: 'Applicants',
};
