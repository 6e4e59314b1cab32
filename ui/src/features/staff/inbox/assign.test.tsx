import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/lib/test-fetch';
import { formatDay, isDue, officeToday } from './assign-api';
import type { Lead } from './inbox-api';
import { LeadAssignForm } from './lead-assign-form';
import { LeadHandling } from './lead-handling';
import { QuickFilters } from './quick-filters';
import { testLead } from './test-lead';

const lead = (over: Partial<Lead> = {}): Lead =>
  testLead({
    _id: 'abc',
    created_at: '2026-11-26T04:06:12.345Z',
    email: 'asha@example.com',
    department_website: 'Corp Team',
    name: 'Asha Rao',
    ...over,
  });

describe('follow-up days', () => {
  it('are the office’s: late evening in London is already tomorrow in India', () => {
    const now = new Date('2026-11-26T20:00:00Z');
    expect(officeToday(now, 'Asia/Kolkata')).toBe('2026-11-27');
    expect(officeToday(now, 'Europe/London')).toBe('2026-11-26');
    // An unknown zone falls back to the browser's own, still a day.
    expect(officeToday(now, 'Not/AZone')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('are due once the day has come and the lead is still open', () => {
    expect(isDue({ follow_up: '2026-11-26', status: 'new' }, '2026-11-26')).toBe(true);
    expect(isDue({ follow_up: '2026-11-20', status: 'in_progress' }, '2026-11-26')).toBe(true);
    expect(isDue({ follow_up: '2026-11-27', status: 'new' }, '2026-11-26')).toBe(false);
    expect(isDue({ follow_up: '2026-11-20', status: 'done' }, '2026-11-26')).toBe(false);
    // An application at Interview or Offer is still open; Hired and Rejected are decided.
    expect(isDue({ follow_up: '2026-11-20', status: 'interview' }, '2026-11-26')).toBe(true);
    expect(isDue({ follow_up: '2026-11-20', status: 'offer' }, '2026-11-26')).toBe(true);
    expect(isDue({ follow_up: '2026-11-20', status: 'hired' }, '2026-11-26')).toBe(false);
    expect(isDue({ follow_up: '2026-11-20', status: 'rejected' }, '2026-11-26')).toBe(false);
    expect(isDue({ follow_up: null, status: 'new' }, '2026-11-26')).toBe(false);
    expect(formatDay('2026-11-26')).toBe('Thu 26 Nov');
  });

  it('show in a row with the assignee, marked when due', () => {
    const { container, rerender } = render(
      <LeadHandling
        lead={lead({ assigned_name: 'Sam Sales', follow_up: '2026-11-26' })}
        today="2026-11-26"
      />,
    );
    expect(container.textContent).toContain('Sam Sales');
    expect(container.querySelector('.follow-up-badge--due')?.textContent).toBe('Due Thu 26 Nov');
    rerender(<LeadHandling lead={lead({ follow_up: '2026-12-01' })} today="2026-11-26" />);
    expect(container.querySelector('.follow-up-badge--due')).toBeNull();
    expect(container.textContent).toBe('Follow up Tue 1 Dec');
  });
});

describe('the quick filters', () => {
  it('press one filter at a time and let go on a second press', () => {
    const onApply = vi.fn();
    const { rerender } = render(<QuickFilters filters={{ q: 'asha', page: '3' }} onApply={onApply} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mine' }));
    expect(onApply).toHaveBeenLastCalledWith({ q: 'asha', assigned: 'me', page: undefined });
    rerender(<QuickFilters filters={{ assigned: 'me' }} onApply={onApply} />);
    expect(screen.getByRole('button', { name: 'Mine' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Unassigned' }));
    expect(onApply).toHaveBeenLastCalledWith({ assigned: 'none', page: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'Mine' }));
    expect(onApply).toHaveBeenLastCalledWith({ assigned: undefined, page: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'Due today' }));
    expect(onApply).toHaveBeenLastCalledWith({ assigned: 'me', due: 'today', page: undefined });
  });
});

describe('the assignment form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers the list’s people, saves only what changed, and shows a refused field beside it', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(200, {
          data: [
            { id: 1, name: 'Office' },
            { id: 2, name: 'Sam Sales' },
          ],
          me: 1,
        }),
      )
      .mockResolvedValueOnce(
        jsonResponse(200, { data: lead({ assigned_to: 2, assigned_name: 'Sam Sales' }), notes: [] }),
      )
      .mockResolvedValueOnce(
        jsonResponse(422, {
          message: 'Please check: to.',
          errors: { to: 'Sam Sales cannot see applicants.' },
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    render(<LeadAssignForm list="enquiries" lead={lead()} onSaved={onSaved} />);
    const select = screen.getByLabelText('Assigned to') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(3));
    expect([...select.options].map((o) => o.text)).toEqual(['Unassigned', 'Office', 'Sam Sales']);
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(String(url)).toBe('/api/staff/inbox/enquiries/abc/assign');
    expect(JSON.parse(String(init.body))).toEqual({ to: 2 });
    // Only the assignment changed: no follow-up call.
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fireEvent.change(select, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sam Sales cannot see applicants.')).toBeTruthy();
    expect(select.getAttribute('aria-invalid')).toBe('true');
  });
});
