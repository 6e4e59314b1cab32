import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiPath } from '@/lib/api-client';
import { answerEvery, ENCODED, HOSTILE, parts } from '@/lib/test-fetch';
import { inboxApi, resumeUrl } from './inbox-api';

describe('ids in the inbox API paths', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keep an id from the page URL as one path segment, with no query or fragment of its own', async () => {
    const fetchMock = answerEvery({ data: { _id: 'x', revision: 1 } });
    await inboxApi.item('enquiries', HOSTILE);
    await inboxApi.setStatus('enquiries', HOSTILE, 'done');
    await inboxApi.addNote('applicants', HOSTILE, 'Called back');
    await inboxApi.erase('subscribers', HOSTILE);
    const urls = fetchMock.mock.calls.map((call) => String(call[0]));
    expect(urls).toEqual([
      `/api/staff/inbox/enquiries/${ENCODED}`,
      `/api/staff/inbox/enquiries/${ENCODED}/status`,
      `/api/staff/inbox/applicants/${ENCODED}/notes`,
      `/api/staff/inbox/subscribers/${ENCODED}`,
    ]);
    for (const url of urls) {
      const { segments, hash } = parts(url);
      expect(segments.slice(0, 5)).toEqual(['api', 'staff', 'inbox', expect.any(String), ENCODED]);
      expect(hash).toBe('');
    }
    expect(parts(urls[0] ?? '').search).toBe('');
  });

  it('keep a resume link to its applicant, whatever the id holds', () => {
    const { segments, search, hash } = parts(resumeUrl(HOSTILE, true));
    expect(segments).toEqual(['api', 'staff', 'inbox', 'applicants', ENCODED, 'resume']);
    expect(search).toBe('?download=1');
    expect(hash).toBe('');
  });

  it('encode every character that could end a segment, and keep plain ids as they are', () => {
    expect(apiPath('staff', 'stories', 'a/b?c#d%e f')).toBe('staff/stories/a%2Fb%3Fc%23d%25e%20f');
    expect(apiPath('staff', 'inbox', 'enquiries', '0123456789abcdef')).toBe(
      'staff/inbox/enquiries/0123456789abcdef',
    );
  });

  it.each(['', '.', '..'])(
    'refuse the id %j, which no URL can hold as a segment, without a request',
    async (id) => {
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      await expect(inboxApi.item('enquiries', id)).rejects.toBeInstanceOf(ApiError);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});
