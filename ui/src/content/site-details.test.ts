import { describe, expect, it } from 'vitest';
import demo from '@/content/company-details.json';
import { contactContent } from '@/content/contact';
import { foundationSite, gallerySite, sisterCompanies, siteInfo, socialLinks } from '@/content/site';

/** The content's seed constants (what the page text and links are written against) and the demo
 * details the server ships must say the same thing, or saved details would not replace them. */
describe('the demo company details', () => {
  it('match the seed constants of the content', () => {
    expect(siteInfo.brandName).toBe(demo.company_name);
    expect(siteInfo.primaryPhone.display).toBe(demo.phone);
    expect(siteInfo.usaPhone.display).toBe(demo.usa_phone);
    expect(siteInfo.email.display).toBe(demo.email);
    expect(siteInfo.headOffice.lines).toEqual(demo.head_office);
    expect(siteInfo.usaOffice.lines).toEqual(demo.usa_office);
    expect(sisterCompanies.map((company) => company.url)).toEqual([
      demo.sister_sites.transactions,
      demo.sister_sites.projects,
      demo.sister_sites.fms,
      demo.sister_sites.hr_labs,
    ]);
    expect(gallerySite.url).toBe(demo.gallery_url);
    expect(foundationSite.url).toBe(demo.foundation_url);
    expect(socialLinks.filter((link) => link.id !== 'whatsapp').map((link) => link.href)).toEqual([
      demo.social.facebook,
      demo.social.instagram,
      demo.social.linkedin,
      demo.social.youtube,
    ]);
    expect(contactContent.branches.map(({ city, address }) => ({ city, address }))).toEqual(demo.branches);
  });
});
