import careersHeroArt from '@/assets/art/careers-hero.svg';
import type { CareersContent } from '@/content/types';

export const careersContent: CareersContent = {
  pageTitle: 'Join Us',
  breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Join Us' }],
  banner: {
    headline: 'Build your career with Fidelitus',
    text: 'Join a team of 700+ people who find, build, run and staff the workplaces of thousands of businesses. Bring your curiosity; we will bring the responsibility, the mentors and the room to grow.',
    image: careersHeroArt,
    imageAlt: 'People climbing steps towards a flag, with a briefcase and a rocket',
  },
  form: {
    heading: 'Apply Now',
    fields: [
      { name: 'name', label: 'Name', placeholder: 'Your full name' },
      { name: 'mobile', label: 'Mobile', placeholder: 'Your mobile number' },
      { name: 'email', label: 'Email', placeholder: 'you@example.com' },
      { name: 'experience', label: 'Experience', placeholder: 'Years of experience' },
      { name: 'previous_company', label: 'Previous Company', placeholder: 'Where you work or last worked' },
      { name: 'file', label: 'Upload Resume', placeholder: '' },
      { name: 'query', label: 'Query', placeholder: 'Tell us about the role you are looking for' },
    ],
    uploadHint: 'Click To Upload Photo or PDF',
    uploadTypesHint: 'Supported Type JPEG,PNG,SVG,WEBP and PDF',
    uploadAccept: 'application/pdf,image/jpeg,image/png,image/svg+xml,image/webp',
    removeFileLabel: 'Remove file',
    submitLabel: 'SUBMIT',
    // No value was fixed for applications; the API contract names this one.
    departmentWebsite: 'Corp Careers',
    unsupportedFileMessage: 'Please choose a PDF or an image: Supported Type JPEG,PNG,SVG,WEBP and PDF',
    intro: 'Tell us about yourself and attach your resume as a PDF or an image. We read every application.',
  },
  // The open roles above the form at /join_us, and each posting's page, /join_us/SLUG.
  openRoles: {
    listTitle: 'Open roles',
    listIntro: 'Roles we are hiring for now. Open one to read it whole and apply for it.',
    departmentLabel: 'Department',
    locationLabel: 'Location',
    anyDepartment: 'All departments',
    anyLocation: 'All locations',
    filterButton: 'Show roles',
    noneOpen: 'No roles are open just now. You can still send us a general application below.',
    noneMatch: 'No open role matches these filters.',
    showAll: 'Show all open roles',
    closesLabel: 'Apply by',
    openUntilFilled: 'Open until filled',
    // The posting's page
    backToRoles: 'All open roles',
    facts: {
      department: 'Department',
      location: 'Location',
      employmentType: 'Employment type',
      workplace: 'Workplace',
      salary: 'Salary',
      openings: 'Openings',
      posted: 'Posted',
      closes: 'Apply by',
      reference: 'Reference',
    },
    applyTitle: 'Apply for this role',
    closedTitle: 'This position is closed',
    closedText: 'The role is filled or no longer taking applications. Other roles may suit you.',
    closedLink: 'See the open roles',
    missingTitle: 'There is no such role',
    missingText: 'The address may be mistyped, or the role was taken down.',
    loading: 'Loading the role…',
    loadFailed: 'The role could not be loaded. Please try again.',
  },
  perksHeading: 'What to Expect When You Join Us',
  perks: [
    {
      id: 'fast-growing',
      icon: 'fast-growing',
      heading: 'Fast Growing',
      description:
        'We have grown every year since 2014, and that growth opens new roles, cities and leadership posts.',
    },
    {
      id: 'great-team',
      icon: 'great-team',
      heading: 'Great Team',
      description:
        'Work beside experienced brokers, architects, engineers and HR specialists who like to share what they know.',
    },
    {
      id: 'take-ownership',
      icon: 'take-ownership',
      heading: 'Take Ownership',
      description: 'You get real clients and real decisions early, with the support to make them well.',
    },
    {
      id: 'keep-learning',
      icon: 'keep-learning',
      heading: 'Keep Learning',
      description: 'Structured training, certifications and mentoring from HR Labs are part of every role.',
    },
    {
      id: 'latest-tech',
      icon: 'latest-tech',
      heading: 'Latest Tech',
      description:
        'From live project dashboards to mobile work orders, you will work with modern tools, not paper files.',
    },
    {
      id: 'cross-domain-exposure',
      icon: 'cross-domain-exposure',
      heading: 'Cross-Domain Exposure',
      description:
        'Four businesses under one roof mean you can learn real estate, projects, facilities and HR without changing employer.',
    },
  ],
};
