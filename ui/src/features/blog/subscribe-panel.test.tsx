import { fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '@/components/toast-host';
import { SubscribePanel } from './subscribe-panel';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup() {
  render(
    <>
      <SubscribePanel />
      <ToastHost />
    </>,
  );
}

describe('subscribe panel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the texts of SPEC.md', () => {
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
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      name: '',
      mobile: '',
      email: 'reader@example.com',
      requirment: '',
      department_website: 'Corp Blogs',
      service: 'Blog Subscription',
      website: '',
    });
    expect(input.value).toBe('');
  });
});
