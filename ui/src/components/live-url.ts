import { foundationSite, gallerySite, sisterCompanies } from '@/content/site';
import { companyDetails, hasCompanyDetails } from '@/lib/company-details';

/**
 * The office's address for a link the content names by its seed address (a sister company's
 * site, the gallery's, the foundation's): every link that shows one goes through here, so the
 * saved company details decide where it leads.
 */
export function liveUrl(href: string): string {
  if (!hasCompanyDetails()) return href;
  const now = companyDetails();
  const [transactions, projects, fms, hrLabs] = sisterCompanies;
  const pairs: [string | undefined, string][] = [
    [transactions?.url, now.sister_sites.transactions],
    [projects?.url, now.sister_sites.projects],
    [fms?.url, now.sister_sites.fms],
    [hrLabs?.url, now.sister_sites.hr_labs],
    [gallerySite.url, now.gallery_url],
    [foundationSite.url, now.foundation_url],
  ];
  return pairs.find(([seed]) => seed === href)?.[1] || href;
}
