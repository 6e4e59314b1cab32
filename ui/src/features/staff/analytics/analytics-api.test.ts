import { describe, expect, it } from 'vitest';
import { change, conversion, daysBefore, share } from './analytics-api';

describe('the figures as the screen says them', () => {
  it('says a change in whole percents, and what is new', () => {
    expect(change(112, 100)).toBe('+12%');
    expect(change(96, 100)).toBe('−4%');
    expect(change(100, 100)).toBe('no change');
    expect(change(5, 0)).toBe('new');
    expect(change(0, 0)).toBe('no change');
  });

  it('gives a share of the total', () => {
    expect(share(1, 3)).toBe('33%');
    expect(share(0, 0)).toBe('0%');
  });

  it('counts the quick periods back from their last day, across months and years', () => {
    expect(daysBefore('2026-11-26', 7)).toBe('2026-11-20');
    expect(daysBefore('2026-03-01', 30)).toBe('2026-01-31');
    expect(daysBefore('2027-01-05', 365)).toBe('2026-01-06');
  });

  it('says conversion as leads per 100 visitors, and nothing without visitors', () => {
    expect(conversion(3, 120)).toBe('2.5');
    expect(conversion(1, 3)).toBe('33.3');
    expect(conversion(2, 0)).toBe('–');
  });
});
