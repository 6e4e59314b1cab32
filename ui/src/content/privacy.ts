import type { BreadcrumbItem } from '@/content/types';

/** A heading with what it says: one thing the site collects, or who sees it. */
export interface PrivacyPoint {
  heading: string;
  description: string;
}

/**
 * The privacy notice's words (`/privacy`). The company's name, address and email come from
 * the company's details, and each list's months and the trash's days from the owners'
 * settings (`GET /api/corp_website/retention`): the sentences here are frames, and a
 * `{placeholder}` is where the page puts them.
 */
export const privacyContent = {
  pageTitle: 'Privacy notice',
  intro:
    'What this website collects about you, why, who sees it, how long it is kept, and how to see it or have it erased.',
  breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Privacy notice' }] as BreadcrumbItem[],
  controller: {
    heading: 'Who keeps your data',
    /** `{company}`: the company's name; `{address}`: its registered office. */
    text: '{company} keeps the data this site collects. Its registered office is at {address}.',
  },
  collected: {
    heading: 'What the site collects and why',
    points: [
      {
        heading: 'Enquiries',
        description:
          'The contact form and the forms of our service pages ask for your name, email address, phone number and your requirement, so that the right team can answer you.',
      },
      {
        heading: 'Blog subscriptions',
        description:
          'The subscribe box asks for your email address. We mail you a link to confirm it; only a confirmed address gets our stories, and every story mail has a link to unsubscribe.',
      },
      {
        heading: 'Job applications',
        description:
          'The application form asks for your name, mobile number, email address, years of experience, previous company and anything you want to add, with your resume file, so that our recruiters can consider you for the role you chose.',
      },
      {
        heading: 'Visits',
        description:
          'The site counts the pages it shows without cookies. It keeps no IP address and no browser identity: only the page, the site or campaign that brought you, and a code that changes every day and cannot be traced back to you.',
      },
    ] as PrivacyPoint[],
  },
  audience: {
    heading: 'Who sees it',
    intro: "Only the office's staff, and each of them only what their role needs:",
    points: [
      {
        heading: 'Enquiries and blog subscriptions',
        description: 'Our sales team, to answer you and to send the stories you asked for.',
      },
      {
        heading: 'Job applications and resumes',
        description: 'Our recruiters, to consider your application.',
      },
      {
        heading: 'Visit counts',
        description: 'Our editors and sales team, as totals per page, day and source.',
      },
      {
        heading: 'Everything',
        description: "The site's owners, who run it and set how long each list is kept.",
      },
    ] as PrivacyPoint[],
  },
  retention: {
    heading: 'How long it is kept',
    intro: 'Each list is kept for as long as our owners set it, and then erased on its own:',
    /** `{months}`: the rule's months, as `months` and `oneMonth` write them. */
    enquiriesErased: 'Enquiries: erased {months} after the enquiry is done.',
    applicantsErased: 'Job applications: erased {months} after the application is decided.',
    subscribersErased: 'Blog subscriptions: erased {months} after you unsubscribe (or if you never confirm).',
    enquiriesKept: 'Enquiries: kept until you ask us to erase them.',
    applicantsKept: 'Job applications: kept until you ask us to erase them.',
    subscribersKept: 'Blog subscriptions: kept until you ask us to erase them.',
    /** `{n}`: a number of months above one. */
    months: '{n} months',
    oneMonth: '1 month',
    /** `{days}`: the trash's days, as `days` and `oneDay` write them. */
    trash: "An item we erase may stay in the office's trash for {days} before it is gone for good.",
    days: '{n} days',
    oneDay: '1 day',
  },
  rights: {
    heading: 'Seeing or erasing your data',
    /** `{email}`: the company's email address, as a link. */
    text: 'To see the data we keep about you, or to have it erased, write to {email} from the address you gave us.',
    final:
      'An erasure you ask for is final: every record of your address is erased, and restoring one of our backups does not bring it back.',
  },
};
