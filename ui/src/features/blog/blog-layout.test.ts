import { describe, expect, it } from 'vitest';
import {
  groupBlogs,
  pageCount,
  pageItems,
  parsePage,
  pickOthers,
  seededRandom,
  showsPagination,
} from './blog-layout';

const posts = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `post-${i + 1}` }));

/** Each post's group and variant, as "group:variant". */
function shape(n: number): string[] {
  return groupBlogs(posts(n)).flatMap((group) => group.items.map((item) => `${group.id}:${item.variant}`));
}

describe('blog grid groups', () => {
  it.each([
    [1, ['lead:feature']],
    [4, ['lead:feature', 'lead:standard', 'lead:standard', 'lead:standard']],
    [5, ['lead:feature', 'lead:standard', 'lead:standard', 'lead:standard', 'highlight:text']],
    [
      8,
      [
        'lead:feature',
        'lead:standard',
        'lead:standard',
        'lead:standard',
        'highlight:text',
        'highlight:standard',
        'highlight:standard',
        'highlight:standard',
      ],
    ],
  ])('%i posts: %j', (n, expected) => {
    expect(shape(n)).toEqual(expected);
  });

  it('9 posts: the 9th starts the uniform group', () => {
    const groups = groupBlogs(posts(9));
    expect(groups.map((g) => [g.id, g.items.length])).toEqual([
      ['lead', 4],
      ['highlight', 4],
      ['uniform', 1],
    ]);
    expect(groups[2]?.items[0]).toEqual({ blog: { _id: 'post-9' }, variant: 'standard' });
  });

  it('12 posts: four uniform cards after the first eight, order kept', () => {
    const groups = groupBlogs(posts(12));
    expect(groups[2]?.items.map((item) => item.variant)).toEqual(Array(4).fill('standard'));
    expect(groups.flatMap((g) => g.items.map((item) => item.blog._id))).toEqual(posts(12).map((p) => p._id));
  });

  it('no posts: no groups', () => {
    expect(groupBlogs([])).toEqual([]);
  });
});

describe('pagination', () => {
  const pagination = (total: number, limit = 12) => ({
    total,
    limit,
    page: 1,
    pages: Math.ceil(total / limit),
  });

  it.each([
    [0, false],
    [1, false],
    [12, false],
    [13, true],
    [16, true],
  ])('total %i with page size 12 shows pagination: %s', (total, visible) => {
    expect(showsPagination(pagination(total))).toBe(visible);
  });

  it('is hidden before the list has loaded', () => {
    expect(showsPagination(undefined)).toBe(false);
  });

  it('counts pages from total and limit when the server sends no page count', () => {
    expect(pageCount({ total: 25, limit: 12, page: 1, pages: 0 })).toBe(3);
  });

  it('offers every page up to 7, then the ends and the neighbours', () => {
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 9, 10]);
  });

  it.each([
    [null, 1],
    ['2', 2],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['abc', 1],
  ])('reads ?page=%s as page %i', (value, page) => {
    expect(parsePage(value)).toBe(page);
  });
});

describe('similar blogs', () => {
  it('picks three others, never the current one, without repeats', () => {
    for (let run = 0; run < 20; run++) {
      const picked = pickOthers(posts(12), 'post-3', 3);
      expect(picked).toHaveLength(3);
      expect(picked.map((p) => p._id)).not.toContain('post-3');
      expect(new Set(picked.map((p) => p._id)).size).toBe(3);
    }
  });

  it('gives fewer when there are fewer others, and none when the post is alone', () => {
    expect(pickOthers(posts(2), 'post-1', 3)).toEqual([{ _id: 'post-2' }]);
    expect(pickOthers(posts(1), 'post-1', 3)).toEqual([]);
  });

  it('keeps the picks in list order, so the picks alone give the same picks again', () => {
    for (const seed of ['post-3', 'post-7', 'x', 'y', 'z']) {
      const all = posts(12);
      const picked = pickOthers(all, 'post-3', 3, seededRandom(seed));
      const places = picked.map((post) => all.indexOf(post));
      expect([...places].sort((a, b) => a - b)).toEqual(places);
      expect(pickOthers(picked, 'post-3', 3, seededRandom(seed))).toEqual(picked);
    }
  });
});

describe('seededRandom', () => {
  it('repeats its sequence for one seed, so server and browser pick the same posts', () => {
    const a = seededRandom('post-3');
    const b = seededRandom('post-3');
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
    const other = seededRandom('post-4');
    expect(Array.from({ length: 5 }, other)).not.toEqual(first);
    expect(pickOthers(posts(12), 'post-3', 3, seededRandom('x'))).toEqual(
      pickOthers(posts(12), 'post-3', 3, seededRandom('x')),
    );
  });
});
