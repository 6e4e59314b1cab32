import { describe, expect, it } from 'vitest';
import { blogColor, formatBlogDate, initialOf } from './blog-format';

describe('blog formatting', () => {
  it('writes the date in long form, on the calendar day written in the ISO text', () => {
    expect(formatBlogDate('2025-01-21', 'en-US')).toBe('January 21, 2025');
    expect(formatBlogDate('2025-01-21T00:00:00Z', 'en-US')).toBe('January 21, 2025');
    expect(formatBlogDate('2025-03-05T23:30:00+05:30', 'en-GB')).toBe('5 March 2025');
    expect(formatBlogDate('not a date', 'en-US')).toBe('');
  });

  it('takes the first letter of the author, upper case', () => {
    expect(initialOf('meera Iyer')).toBe('M');
    expect(initialOf('  Ánanya')).toBe('Á');
    expect(initialOf('')).toBe('?');
  });

  it('accepts only #rrggbb colours', () => {
    expect(blogColor('#1f6f8b')).toBe('#1f6f8b');
    expect(blogColor('red;background:url(x)')).toBe('#0f3b57');
  });
});
