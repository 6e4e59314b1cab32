import { founder } from '@/content/company';
import { siteInfo } from '@/content/site';
import type { CompanyDetailsForm, LeaderForm } from './api-types';
import { pageCompanyDetails } from './page-data';

/** Before anything is known (a client-only render whose fetch failed): nothing to show. */
const NONE: CompanyDetailsForm = {
  company_name: '',
  head_office: [],
  usa_office: [],
  phone: '',
  usa_phone: '',
  email: '',
  branches: [],
  map_location: '',
  sister_sites: { transactions: '', projects: '', fms: '', hr_labs: '' },
  gallery_url: '',
  foundation_url: '',
  social: { facebook: '', instagram: '', linkedin: '', youtube: '' },
  whatsapp_number: '',
  whatsapp_greeting: '',
  counters: [],
  leaders: [],
  clients: [],
  time_zone: 'Asia/Kolkata',
};

let provided: CompanyDetailsForm | null = null;

/** The details for pages the server did not render (main.tsx fetches them first; tests). */
export function provideCompanyDetails(details: CompanyDetailsForm | null): void {
  provided = details;
}

/**
 * The company's details, from one place: what the server rendered the page with (the office's
 * saved details, or the demo ones until then: `GET /api/corp_website/site`), else what was
 * provided before a client-only render. Read during render, on the server and in the browser
 * alike, so hydration matches. The demo values live in `content/company-details.json`, which the
 * server ships; the browser bundle never carries them.
 */
export function companyDetails(): CompanyDetailsForm {
  return pageCompanyDetails() ?? provided ?? NONE;
}

/** True once real details are known (not the empty stand-in). */
export function hasCompanyDetails(): boolean {
  return companyDetails() !== NONE;
}

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

/** The company's name as the office saved it: titles, link previews, JSON-LD, the footer. */
export function brandName(): string {
  return companyDetails().company_name || siteInfo.brandName;
}

/**
 * The founder whose message the site shows (the founder's page, the home page's message): the
 * first leader of the company's details, as the About page lists them, with the portrait the
 * office uploaded; the compiled founder when the office lists no leader.
 */
export function founderLeader(): Pick<LeaderForm, 'name' | 'designation' | 'portrait'> {
  return companyDetails().leaders[0] ?? { ...founder, portrait: '' };
}

/**
 * The first letters of the first two words, for the monogram of a leader or client without a
 * picture: "Bluepeak Fintech" -> "BF".
 */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
