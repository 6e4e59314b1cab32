import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leadSource, sendPageView } from './page-views';

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

  it('remembers the landing, its campaign and the stories read for a lead to send', () => {
    window.history.replaceState(null, '', '/blogs?utm_source=linkedin&utm_campaign=launch');
    sendPageView('/blogs');
    sendPageView('/blogs/detail/first-story');
    sendPageView('/blogs/detail/second-story');
    sendPageView('/blogs/detail/first-story');
    window.history.replaceState(null, '', '/contact');
    sendPageView('/contact');
    expect(leadSource()).toEqual({
      page: '/contact',
      landing: '/blogs',
      referrer: undefined,
      query: '?utm_source=linkedin&utm_campaign=launch',
      stories: ['second-story', 'first-story'],
    });
  });

  it('keeps the last twenty stories read', () => {
    for (let n = 0; n < 25; n++) sendPageView(`/blogs/detail/story-${n}`);
    const stories = leadSource().stories ?? [];
    expect(stories).toHaveLength(20);
    expect(stories[0]).toBe('story-5');
    expect(stories[19]).toBe('story-24');
  });

  it('sends only the page with a lead when the browser asks not to be tracked', () => {
    sendPageView('/blogs/detail/first-story');
    Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, value: true });
    window.history.replaceState(null, '', '/contact');
    expect(leadSource()).toEqual({ page: '/contact' });
  });
});
