import type { ApplicantStage, EnquiryStatus, LeadStatus, ListName } from './inbox-api';

/** The statuses of enquiries and subscribers, in their order. */
const enquiryStatusLabels: Record<EnquiryStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  done: 'Done',
  spam: 'Spam',
};

/** The hiring pipeline's stages, in their order, and Spam. */
export const applicantStageLabels: Record<ApplicantStage, string> = {
  new: 'New',
  shortlisted: 'Shortlisted',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
  spam: 'Spam',
};

/** Every status of every list, by its label. */
export const statusLabels: Record<LeadStatus, string> = { ...enquiryStatusLabels, ...applicantStageLabels };

/** The statuses a lead of `list` may have, in the order they are offered. */
export function statusesOf(list: ListName): Readonly<Record<string, string>> {
  return list === 'applicants' ? applicantStageLabels : enquiryStatusLabels;
}

/** What a list calls a lead's status: an applicant's is its stage. */
export function statusWord(list: ListName): 'Stage' | 'Status' {
  return list === 'applicants' ? 'Stage' : 'Status';
}

export const listLabels: Record<ListName, string> = {
  enquiries: 'Enquiries',
  subscribers: 'Subscribers',
  applicants: 'Applicants',
};
