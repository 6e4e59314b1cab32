import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendPageView } from './page-views';

describe('the page-view beacon', () => {
  const sent: { url: string; body: unknown }[] = [];
  beforeEach(() => {
    sent.length = 0;
    sessionStorage.clear();
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: string) => {
        sent.push({ url, body: JSON.parse(body) });
        return true;
      },
    });
  });
  afterEach(() => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, value: undefined });
    vi.restoreAllMocks();
  });

  it('sends where the visit came from with its first page only', () => {
    window.history.replaceState(null, '', '/contact?utm_source=linkedin&utm_campaign=launch');
    sendPageView('/contact');
    sendPageView('/blogs');
    expect(sent.map((each) => each.url)).toEqual(['/api/visits', '/api/visits']);
    expect(sent[0]?.body).toEqual({ p: '/contact', q: '?utm_source=linkedin&utm_campaign=launch', e: true });
    expect(sent[1]?.body).toEqual({ p: '/blogs' });
  });

  it('sends nothing when the browser asks not to be tracked', () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, value: true });
    sendPageView('/');
    expect(sent).toEqual([]);
  });

  it('falls back to a kept-alive fetch when the beacon is refused', () => {
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => false });
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    sendPageView('/');
    expect(fetch).toHaveBeenCalledWith(
      '/api/visits',
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
  });
});
