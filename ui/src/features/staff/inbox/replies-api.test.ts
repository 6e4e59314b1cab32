import { describe, expect, it } from 'vitest';
import type { ReplyTemplate } from './replies-api';
import { fillTemplate, templatesFor, waitedFor } from './replies-api';

const template = (over: Partial<ReplyTemplate>): ReplyTemplate => ({
  list: 'enquiries',
  department: '',
  name: 'Thanks',
  subject: '',
  text: '',
  updated_by: 'Asha',
  updated_at: '2026-11-26T04:00:00.000Z',
  ...over,
});

describe('replies from the composer', () => {
  it('fills each placeholder and leaves any other brace as typed', () => {
    expect(
      fillTemplate('Dear {name}, {reference} for {department}; {staff} {other} {name}', {
        name: 'Asha',
        reference: 'r1',
        department: 'Corp Team',
        staff: 'Ravi',
      }),
    ).toBe('Dear Asha, r1 for Corp Team; Ravi {other} Asha');
  });

  it("offers the list's templates of the lead's department and those of every department", () => {
    const all = [
      template({ name: 'Any' }),
      template({ name: 'Team', department: 'Corp Team' }),
      template({ name: 'Other', department: 'Corp Blogs' }),
      template({ name: 'Careers', list: 'applicants' }),
    ];
    expect(templatesFor(all, 'enquiries', ' corp team').map((t) => t.name)).toEqual(['Any', 'Team']);
    expect(templatesFor(all, 'applicants', 'Corp Careers').map((t) => t.name)).toEqual(['Careers']);
  });

  it('says how long a lead waited in minutes, hours or days', () => {
    const at = '2026-11-26T04:00:00.000Z';
    expect(waitedFor(at, '2026-11-26T04:45:00.000Z')).toBe('45 min');
    expect(waitedFor(at, '2026-11-26T07:05:00.000Z')).toBe('3 h 5 min');
    expect(waitedFor(at, '2026-11-28T08:00:00.000Z')).toBe('2 days 4 h');
  });
});
