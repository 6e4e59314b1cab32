import { describe, expect, it } from 'vitest';
import { fillIn } from './fill-in';

describe('fillIn', () => {
  it('fills in placeholders and leaves unknown ones as they are', () => {
    expect(fillIn('{count} found for “{query}”', { count: 3, query: 'lease' })).toBe('3 found for “lease”');
    expect(fillIn('Hello {who}', {})).toBe('Hello {who}');
  });
});
