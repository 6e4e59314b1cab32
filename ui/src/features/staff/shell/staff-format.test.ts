import { describe, expect, it } from 'vitest';
import { formatTime, fromOfficeInput, officeInput, zoneName } from './staff-format';

describe("the office's clock on the staff screens", () => {
  it('gives a stored UTC time in the zone, with its name', () => {
    expect(formatTime('2026-11-26T04:06:40.349Z', 'Asia/Kolkata')).toBe('26 Nov 2026, 09:36 IST');
    expect(formatTime('2026-11-26T04:06:40Z', 'America/New_York')).toBe('25 Nov 2026, 23:06 EST');
    expect(formatTime('2026-07-01T12:00:00Z', 'Europe/London')).toBe('1 Jul 2026, 13:00 BST');
    expect(formatTime('not a time', 'Asia/Kolkata')).toBe('not a time');
  });

  it('names a zone with no word for it by its offset', () => {
    expect(zoneName(new Date('2026-11-26T00:00:00Z'), 'Asia/Kathmandu')).toMatch(/^GMT\+5:45$/);
  });

  it('turns an input of the office clock into the instant and back', () => {
    expect(fromOfficeInput('2026-11-26T09:36', 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-11-26T04:06:00.000Z',
    );
    expect(fromOfficeInput('2026-11-26T09:36:30', 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-11-26T04:06:30.000Z',
    );
    expect(officeInput('2026-11-26T04:06:00Z', 'Asia/Kolkata')).toBe('2026-11-26T09:36');
    expect(fromOfficeInput('', 'Asia/Kolkata')).toBeNull();
  });

  it('settles on both sides of a daylight-saving change', () => {
    // London goes to BST at 01:00 UTC on 29 March 2026.
    expect(fromOfficeInput('2026-03-29T00:30', 'Europe/London')?.toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(fromOfficeInput('2026-03-29T03:00', 'Europe/London')?.toISOString()).toBe(
      '2026-03-29T02:00:00.000Z',
    );
    expect(officeInput('2026-10-25T12:00:00Z', 'Europe/London')).toBe('2026-10-25T12:00');
  });
});
