/**
 * Links that reach a lead in one tap from a phone: call, mail, WhatsApp. Numbers are read as
 * visitors type them ("+91 98450 12345", "098450 12345", "9845012345"); a number without its
 * country code is taken as Indian, the office's own (the forms are India's first).
 */

/** The country code a number without one is taken to have. */
export const HOME_COUNTRY_CODE = '91';

/** The number in international form, digits only (`919845012345`), or null when it is none. */
export function internationalDigits(typed: string): string | null {
  const trimmed = typed.trim();
  const digits = trimmed.replace(/\D/g, '');
  let international: string;
  if (trimmed.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0'))
    international = HOME_COUNTRY_CODE + digits.slice(1);
  else if (digits.length === 10) international = HOME_COUNTRY_CODE + digits;
  else international = digits;
  // E.164: at most 15 digits, and a country code and a number need at least 8.
  return international.length >= 8 && international.length <= 15 && !international.startsWith('0')
    ? international
    : null;
}

/** `tel:+919845012345`, or null. */
export function telHref(typed: string): string | null {
  const digits = internationalDigits(typed);
  return digits ? `tel:+${digits}` : null;
}

/** `https://wa.me/919845012345` (WhatsApp's link takes the number without `+`), or null. */
export function whatsAppHref(typed: string): string | null {
  const digits = internationalDigits(typed);
  return digits ? `https://wa.me/${digits}` : null;
}

/** `mailto:` for an address that looks like one (one `@`, no spaces), or null. */
export function mailtoHref(typed: string): string | null {
  const address = typed.trim();
  return /^[^\s@]+@[^\s@]+$/.test(address)
    ? `mailto:${encodeURIComponent(address).replace('%40', '@')}`
    : null;
}
