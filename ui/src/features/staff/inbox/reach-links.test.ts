import { describe, expect, it } from 'vitest';
import { internationalDigits, mailtoHref, telHref, whatsAppHref } from './reach-links';

describe('reaching a lead in one tap', () => {
  it('reads numbers as visitors type them, Indian when no country is given', () => {
    expect(internationalDigits('+91 98450 12345')).toBe('919845012345');
    expect(internationalDigits('9845012345')).toBe('919845012345');
    expect(internationalDigits('098450-12345')).toBe('919845012345');
    expect(internationalDigits('0044 20 7946 0958')).toBe('442079460958');
    expect(internationalDigits('+44 (20) 7946 0958')).toBe('442079460958');
  });

  it('makes no link of what is not a number', () => {
    expect(internationalDigits('')).toBeNull();
    expect(internationalDigits('call me')).toBeNull();
    expect(internationalDigits('12345')).toBeNull();
    expect(internationalDigits('+1234567890123456')).toBeNull();
    expect(telHref('n/a')).toBeNull();
    expect(whatsAppHref('n/a')).toBeNull();
  });

  it('calls with the plus and opens WhatsApp without it', () => {
    expect(telHref('98450 12345')).toBe('tel:+919845012345');
    expect(whatsAppHref('+91 98450 12345')).toBe('https://wa.me/919845012345');
  });

  it('mails an address and nothing else', () => {
    expect(mailtoHref(' asha@example.com ')).toBe('mailto:asha@example.com');
    expect(mailtoHref('asha+leads@example.com')).toBe('mailto:asha%2Bleads@example.com');
    expect(mailtoHref('not an address')).toBeNull();
    expect(mailtoHref('a@b@c')).toBeNull();
  });
});
