import type { JobPosting } from '@/lib/api-types';
import { brandName } from '@/lib/company-details';
import type { StructuredData } from '@/lib/structured-data';

/** The site's logo, as the other structured data name it (a type-only import of theirs keeps
 * their chunk off this page). */
const LOGO_PATH = '/favicon.svg';

/**
 * A job posting's `JobPosting` (Google for Jobs): every value is one the page shows too (the
 * title, the description, the day posted, the closing time, the type, the address, the
 * salary when shown, the reference).
 */
export function jobPostingData(job: JobPosting, path: string): StructuredData {
  return (absolute) => [
    {
      '@type': 'JobPosting',
      title: job.title,
      description: job.description,
      datePosted: job.date_posted,
      ...(job.closes_at ? { validThrough: job.closes_at } : {}),
      employmentType: job.employment_type_schema,
      hiringOrganization: {
        '@type': 'Organization',
        name: brandName(),
        sameAs: absolute('/'),
        logo: absolute(LOGO_PATH),
      },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: job.address.join(', '),
          addressLocality: job.location,
          addressCountry: job.country,
        },
      },
      ...(job.workplace === 'remote' ? { jobLocationType: 'TELECOMMUTE' } : {}),
      ...(job.salary
        ? {
            baseSalary: {
              '@type': 'MonetaryAmount',
              currency: job.salary.currency,
              value: {
                '@type': 'QuantitativeValue',
                minValue: job.salary.min,
                maxValue: job.salary.max,
                unitText: 'YEAR',
              },
            },
          }
        : {}),
      totalJobOpenings: job.openings,
      directApply: true,
      identifier: { '@type': 'PropertyValue', name: brandName(), value: job.slug },
      url: absolute(path),
    },
  ];
}
