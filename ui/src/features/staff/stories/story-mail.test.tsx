import { render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOSTILE, jsonResponse, parts } from '@/lib/test-fetch';
import { mailLine, readersLine, StoryMailStats } from './story-mail';

afterEach(() => vi.unstubAllGlobals());

describe('a story’s mail', () => {
  it('says whom publishing reaches, in the singular for one', () => {
    expect(readersLine(1)).toBe('This story will reach 1 confirmed reader.');
    expect(readersLine(1200)).toBe('This story will reach 1,200 confirmed readers.');
  });

  it('counts the mails, naming failed ones only when there are any', () => {
    const mail = { queued: 0, failed: 0, sent: 2, dead: 1, dropped: 0, unsubscribed: 1 };
    expect(mailLine(mail)).toBe('2 sent · 0 queued · 1 dead · 1 unsubscribed through it');
    expect(mailLine({ ...mail, queued: 3, failed: 2 })).toBe(
      '2 sent · 3 queued (2 failed, retried) · 1 dead · 1 unsubscribed through it',
    );
  });

  it('reads the counts of its own story, the id kept one path segment', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(200, { queued: 1, failed: 1, sent: 4, dead: 0, dropped: 0, unsubscribed: 2 }),
    );
    vi.stubGlobal('fetch', fetch);
    render(<StoryMailStats id={HOSTILE} />);
    await waitFor(() => expect(screen.getByTestId('story-mail').textContent).toContain('4 sent'));
    expect(screen.getByTestId('story-mail').textContent).toContain('1 queued (1 failed, retried)');
    const url = String((fetch.mock.calls[0] as unknown[])[0]);
    expect(parts(url).segments.slice(-3)).toEqual(['stories', '..%2Fx%3Fy%23z', 'mail']);
  });
});
