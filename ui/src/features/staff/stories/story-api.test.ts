import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { answerEvery, ENCODED, HOSTILE, parts } from '@/lib/test-fetch';
import { storyApi } from './story-api';

describe('ids in the story API paths', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keep an id from the page URL as one path segment, with no query or fragment of its own', async () => {
    const fetchMock = answerEvery({ data: { _id: 'x', revision: 1 } });
    await storyApi.open(HOSTILE);
    await storyApi.save(HOSTILE, {} as never);
    await storyApi.remove(HOSTILE, 3);
    const urls = fetchMock.mock.calls.map((call) => String(call[0]));
    expect(urls).toEqual([
      `/api/staff/stories/${ENCODED}`,
      `/api/staff/stories/${ENCODED}`,
      `/api/staff/stories/${ENCODED}?revision=3`,
    ]);
    expect(parts(urls[2] ?? '').search).toBe('?revision=3');
    for (const url of urls) expect(parts(url).hash).toBe('');
  });

  it.each(['', '.', '..'])(
    'refuse the id %j, which no URL can hold as a segment, without a request',
    async (id) => {
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      await expect(storyApi.open(id)).rejects.toMatchObject({ status: 404 });
      await expect(storyApi.remove(id, 1)).rejects.toBeInstanceOf(ApiError);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});
