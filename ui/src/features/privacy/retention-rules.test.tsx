import { render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { privacyContent } from '@/content/privacy';
import type { PrivacyBody } from '@/lib/api-types';
import { setPageData } from '@/lib/page-data';
import { jsonResponse } from '@/lib/test-fetch';
import { fill, fillText } from './fill';
import { RetentionRules } from './retention-rules';

const words = privacyContent.retention;

function body(months: Record<string, number | null>, trashDays: number): PrivacyBody {
  return {
    rules: Object.entries(months).map(([list, value]) => ({ list, months: value, counted_from: '' })),
    trash_days: trashDays,
  };
}

afterEach(() => {
  setPageData(null);
  vi.unstubAllGlobals();
});

describe('the privacy notice', () => {
  it('states each rule the page came with, one month and one day in the singular', () => {
    setPageData({ retention: body({ enquiries: 24, subscribers: null, applicants: 1 }, 1) });
    render(<RetentionRules words={words} />);
    expect(screen.getByText('Enquiries: erased 24 months after the enquiry is done.')).toBeTruthy();
    expect(
      screen.getByText('Job applications: erased 1 month after the application is decided.'),
    ).toBeTruthy();
    expect(screen.getByText('Blog subscriptions: kept until you ask us to erase them.')).toBeTruthy();
    expect(screen.getByText(/trash for 1 day before/)).toBeTruthy();
  });

  it('asks the API when the page came without the rules', async () => {
    setPageData({});
    const fetch = vi.fn(async () =>
      jsonResponse(200, body({ enquiries: null, subscribers: 3, applicants: 6 }, 30)),
    );
    vi.stubGlobal('fetch', fetch);
    render(<RetentionRules words={words} />);
    expect(
      await screen.findByText(
        'Blog subscriptions: erased 3 months after you unsubscribe (or if you never confirm).',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Enquiries: kept until you ask us to erase them.')).toBeTruthy();
    expect(screen.getByText(/trash for 30 days before/)).toBeTruthy();
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('corp_website/retention');
  });

  it('fills a frame by name and leaves a name it does not know as written', () => {
    expect(fillText('{a} and {b}', { a: 'one' })).toBe('one and {b}');
    const { container } = render(
      <p>{fill('Write to {email}.', { email: <a href="mailto:x@y.in">x@y.in</a> })}</p>,
    );
    expect(container.innerHTML).toBe('<p>Write to <a href="mailto:x@y.in">x@y.in</a>.</p>');
  });
});
