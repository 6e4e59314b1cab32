import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/lib/test-fetch';
import { ApiError, api } from './api-client';
import { mediaUrl } from './runtime-config';

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
  });

  it('calls the API base with the query and returns the parsed body', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { data: { datas: [] } }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await api.get('corp_website/blogs/get', { page: 2, text: 'a b' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/corp_website/blogs/get?page=2&text=a+b');
    expect(result).toEqual({ status: 200, body: { data: { datas: [] } } });
  });

  it('uses the API base the server wrote into the page', async () => {
    document.head.innerHTML = '<meta name="corpsite:api-base" content="https://api.example.com/v1/">';
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(201, {}));
    vi.stubGlobal('fetch', fetchMock);
    await api.postJson('clients/create', { email: 'a@b.c' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.example.com/v1/clients/create');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('turns an error answer into an ApiError with the server message and field errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse(422, { message: 'Check the form', errors: { email: 'Bad' } })),
    );
    const failure = await api.postJson('clients/create', {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 422, message: 'Check the form', errors: { email: 'Bad' } });
  });

  it('logs every failed call before re-throwing it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(500, { message: 'Down for a moment' })));
    await expect(api.get('corp_website/blogs/get')).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.postJson('clients/create', {})).rejects.toMatchObject({ status: 0 });
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      'GET corp_website/blogs/get failed (500): Down for a moment',
      expect.stringMatching(/^POST clients\/create failed \(0\): We could not reach the server/),
    ]);
    warn.mockRestore();
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const failure = await api.get('corp_website/blogs/get').catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 0 });
  });

  it('a non-JSON error still gets a readable message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('oops', { status: 502, statusText: 'Bad Gateway' })),
    );
    const failure = await api.get('x').catch((e: unknown) => e);
    expect((failure as ApiError).message).toContain('502');
  });
});

describe('media URLs', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('prefixes stored paths with the runtime media base', () => {
    expect(mediaUrl('blogs/a.svg')).toBe('/media/blogs/a.svg');
    document.head.innerHTML = '<meta name="corpsite:media-base" content="https://bucket.example.com/site">';
    expect(mediaUrl('/blogs/a.svg')).toBe('https://bucket.example.com/site/blogs/a.svg');
  });

  it('passes absolute URLs and empty values through', () => {
    expect(mediaUrl('https://cdn.example.com/x.png')).toBe('https://cdn.example.com/x.png');
    expect(mediaUrl(null)).toBeUndefined();
  });
});
