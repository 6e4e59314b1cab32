import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/lib/test-fetch';
import type { Lead } from './inbox-api';
import { FiltersForm } from './inbox-filters';
import { ReaderBadge } from './reader-badge';
import { ReaderPanel } from './reader-panel';
import { countsLine } from './readers-api';
import { testLead } from './test-lead';

afterEach(() => vi.unstubAllGlobals());

const subscriber = (more: Partial<Lead>): Lead =>
  testLead({ _id: 's1', department_website: 'Corp Blogs', ...more });

describe('the reader list', () => {
  it('shows each state as its own badge, and nothing for other lists’ leads', () => {
    const { rerender, container } = render(<ReaderBadge lead={subscriber({ subscription: 'pending' })} />);
    expect(screen.getByText('Pending').className).toContain('reader-badge--pending');
    rerender(
      <ReaderBadge
        lead={subscriber({ subscription: 'unsubscribed', unsubscribed_at: '2026-11-02T10:00:00.000Z' })}
      />,
    );
    expect(screen.getByText('Unsubscribed').getAttribute('title')).toMatch(/^Unsubscribed /);
    rerender(<ReaderBadge lead={subscriber({})} />);
    expect(container.textContent).toBe('');
  });

  it('counts readers in words', () => {
    expect(countsLine({ confirmed: 1, pending: 2, unsubscribed: 0 })).toBe(
      '1 confirmed reader · 2 pending · 0 unsubscribed',
    );
    expect(countsLine({ confirmed: 1500, pending: 0, unsubscribed: 3 })).toBe(
      '1,500 confirmed readers · 0 pending · 3 unsubscribed',
    );
  });

  it('offers the subscription filter on the subscribers list only', () => {
    const apply = vi.fn();
    const { rerender } = render(<FiltersForm list="enquiries" filters={{}} onApply={apply} />);
    expect(screen.queryByLabelText('Subscription')).toBeNull();
    rerender(<FiltersForm list="subscribers" filters={{}} onApply={apply} />);
    fireEvent.change(screen.getByLabelText('Subscription'), { target: { value: 'confirmed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(apply).toHaveBeenCalledWith(expect.objectContaining({ subscription: 'confirmed' }));
  });

  it('adds a reader and shows the server’s field message for a confirmed address', async () => {
    const calls: { url: string; body: unknown }[] = [];
    let answer = jsonResponse(201, {
      message: 'The address is added.',
      data: { _id: 'x', subscription: 'pending' },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (String(url).includes('counts'))
          return jsonResponse(200, { confirmed: 3, pending: 1, unsubscribed: 0 });
        return answer;
      }),
    );
    const added = vi.fn();
    render(<ReaderPanel version={0} onAdded={added} />);
    await waitFor(() =>
      expect(screen.getByTestId('reader-counts').textContent).toBe(
        '3 confirmed readers · 1 pending · 0 unsubscribed',
      ),
    );
    const input = screen.getByLabelText('Add a reader (email)');
    fireEvent.input(input, { target: { value: 'new@example.com' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Add a reader' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The address is added.'));
    expect(added).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.url.endsWith('/staff/readers'))?.body).toEqual({ email: 'new@example.com' });

    answer = jsonResponse(409, {
      message: 'This address is a confirmed reader already.',
      errors: { email: 'This address is a confirmed reader already: it gets every new story.' },
    });
    fireEvent.input(input, { target: { value: 'c@example.com' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Add a reader' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('confirmed reader already: it gets'),
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(added).toHaveBeenCalledTimes(1);
  });
});
