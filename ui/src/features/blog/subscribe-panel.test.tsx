import { fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '@/components/toast-host';
import { jsonResponse } from '@/lib/test-fetch';
import { blogWords } from './blog-words';
import { SubscribePanel } from './subscribe-panel';

function setup() {
  render(
    <>
      <SubscribePanel words={blogWords().subscribe} />
      <ToastHost />
    </>,
  );
}

describe('subscribe panel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows its texts verbatim', () => {
    setup();
    expect(
      screen.getByRole('heading', { name: 'If you would love to hear about our latest blogs and updates' }),
    ).toBeTruthy();
    expect(screen.getByText('Get blogs and our latest updates by just subscribe')).toBeTruthy();
    expect(screen.getByPlaceholderText('Enter your mail id')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'submit' })).toBeTruthy();
  });

  it('an empty email shows nothing and sends nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('sends only the email filled, then toasts and resets', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(201, {}));
    vi.stubGlobal('fetch', fetchMock);
    setup();
    const input = screen.getByLabelText('Your email address') as HTMLInputElement;
    fireEvent.input(input, { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('Blog Subscribed Successfully')).toBeTruthy();
    // Nobody is subscribed without confirming: the form says so.
    expect(screen.getByText(/^Please confirm with the link we mail to this address\./)).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      name: '',
      mobile: '',
      email: 'reader@example.com',
      requirment: '',
      department_website: 'Corp Blogs',
      service: 'Blog Subscription',
      website: '',
      source: { page: '/' },
    });
    expect(input.value).toBe('');
  });

  it('a 422 names the email box and shows the server message under it; the email stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse(422, {
          message: 'Please correct the fields listed in errors.',
          errors: { email: 'Enter a valid email address.' },
        }),
      ),
    );
    setup();
    const input = screen.getByLabelText('Your email address') as HTMLInputElement;
    fireEvent.input(input, { target: { value: 'reader@' } });
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('Please check your email address.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('reader@');
    fireEvent.input(input, { target: { value: 'reader@example.com' } });
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
  });

  it('a 5xx says the fault is ours; the email stays', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(503, { message: 'Database is locked' })));
    setup();
    const input = screen.getByLabelText('Your email address') as HTMLInputElement;
    fireEvent.input(input, { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText(/^Something went wrong on our side\./)).toBeTruthy();
    expect(screen.queryByText(/Database is locked/)).toBeNull();
    expect(input.value).toBe('reader@example.com');
  });
});
