import { describe, expect, it } from 'vitest';
import { blogPath } from './blog-path';

describe('blogPath', () => {
  it('fills a post id into the route table pattern', () => {
    expect(blogPath('office-space-2')).toBe('/blogs/detail/office-space-2');
  });

  it('keeps any id to one path segment', () => {
    expect(blogPath('a b/c?d')).toBe('/blogs/detail/a%20b%2Fc%3Fd');
  });
});
