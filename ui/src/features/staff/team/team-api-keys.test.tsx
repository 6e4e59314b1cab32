import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@/lib/staff-types';
import { jsonResponse } from '@/lib/test-fetch';
import { TeamApiKeys } from './team-api-keys';

afterEach(() => vi.unstubAllGlobals());

const key = (more: Partial<ApiKey>): ApiKey => ({
  id: 1,
  name: 'Careers site',
  created_by: 'Asha Rao',
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
  uses: 0,
  revoked_at: null,
  ...more,
});

describe('the team’s API keys', () => {
  it('makes a key, shows it once, and lists it with its uses', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({
          url: String(url),
          method,
          body: init?.body ? JSON.parse(String(init.body)) : undefined,
        });
        if (method === 'POST') {
          return jsonResponse(201, { key: 'k'.repeat(64), keys: [key({ id: 2, name: 'Group tools' })] });
        }
        return jsonResponse(200, { keys: [] });
      }),
    );
    render(<TeamApiKeys />);
    await screen.findByText('No API key yet.');
    fireEvent.input(screen.getByLabelText('What it is for'), { target: { value: ' Group tools ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the key' }));
    const shown = await screen.findByText('k'.repeat(64));
    expect(shown.closest('[role="status"]')?.textContent).toContain('shown this once');
    expect(calls.at(-1)).toMatchObject({
      url: expect.stringMatching(/\/api\/staff\/team\/api-keys$/),
      method: 'POST',
      body: { name: ' Group tools ' },
    });
    const row = screen.getByRole('cell', { name: 'Group tools' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Never')).toBeTruthy();
    expect((screen.getByLabelText('What it is for') as HTMLInputElement).value).toBe('');
  });

  it('revokes a key after asking, and shows a revoked key without the button', async () => {
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'DELETE'
        ? jsonResponse(200, { keys: [key({ uses: 3, revoked_at: '2026-11-02T10:00:00.000Z' })] })
        : jsonResponse(200, { keys: [key({ uses: 3, last_used_at: '2026-11-01T11:00:00.000Z' })] }),
    );
    vi.stubGlobal('fetch', fetch);
    render(<TeamApiKeys />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the key Careers site' }));
    await screen.findByText(/was revoked: posts carrying it are refused now/);
    expect(String(fetch.mock.calls.at(-1)?.[0])).toMatch(/\/api\/staff\/team\/api-keys\/1$/);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull());
    expect(screen.getByText(/^Revoked /)).toBeTruthy();
  });

  it('shows the server’s message under the name', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? jsonResponse(422, {
              message: 'Please check the highlighted fields.',
              errors: { name: 'Name the site or tool the key is for.' },
            })
          : jsonResponse(200, { keys: [] }),
      ),
    );
    render(<TeamApiKeys />);
    await screen.findByText('No API key yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Make the key' }));
    await screen.findByText('Name the site or tool the key is for.');
    expect(screen.getByLabelText('What it is for').getAttribute('aria-invalid')).toBe('true');
  });
});
