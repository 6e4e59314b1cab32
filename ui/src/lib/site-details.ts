import demoDetails from '@/content/site-details.json';
import type { SiteDetailsForm } from './api-types';
import { pageSiteDetails } from './page-data';

/**
 * The company's details, from one place: what the server rendered the page with (the office's
 * saved details, `GET /api/corp_website/site`), else the demo details shipped in
 * `content/site-details.json`. Read during render, on the server and in the browser alike, so
 * hydration matches.
 */
export function siteDetails(): SiteDetailsForm {
  return pageSiteDetails() ?? (demoDetails as SiteDetailsForm);
}

/** The demo details (the staff screen's starting point before anything is saved). */
export const demoSiteDetails = demoDetails as SiteDetailsForm;

/** `tel:` link of a number as written: `+1 (212) 555-0147` -> `tel:+12125550147`. */
export function telHref(display: string): string {
  const digits = display.replace(/\D/g, '');
  return `tel:${display.trim().startsWith('+') ? '+' : ''}${digits}`;
}

export function mailHref(email: string): string {
  return `mailto:${email}`;
}

/** A WhatsApp chat with the number, opening with the greeting. */
export function whatsAppHref(number: string, greeting: string): string {
  const text = greeting ? `?text=${encodeURIComponent(greeting)}` : '';
  return `https://wa.me/${number.replace(/\D/g, '')}${text}`;
}

/** The map's embed and open links for a place. */
export function mapUrls(place: string): { embedUrl: string; openUrl: string } {
  const query = encodeURIComponent(place);
  return {
    embedUrl: `https://www.google.com/maps?q=${query}&output=embed`,
    openUrl: `https://www.google.com/maps/search/?api=1&query=${query}`,
  };
}

/**
 * The office's address for a link the content names by its demo address (a sister company's
 * site, the gallery's, the foundation's): the content keeps the demo URLs as the seed, and
 * every link that shows one goes through here.
 */
export function liveUrl(href: string): string {
  const now = siteDetails();
  if (now === demoSiteDetails) return href;
  const demo = demoSiteDetails;
  const pairs: [string, string][] = [
    [demo.sister_sites.transactions, now.sister_sites.transactions],
    [demo.sister_sites.projects, now.sister_sites.projects],
    [demo.sister_sites.fms, now.sister_sites.fms],
    [demo.sister_sites.hr_labs, now.sister_sites.hr_labs],
    [demo.gallery_url, now.gallery_url],
    [demo.foundation_url, now.foundation_url],
  ];
  return pairs.find(([seed]) => seed === href)?.[1] ?? href;
}
