import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { parts } from '@/lib/test-fetch';
import { ExportLinks } from './inbox-export';

describe('the inbox export links', () => {
  it('offer Excel beside CSV, each a download of the list with its filters', () => {
    render(<ExportLinks list="subscribers" filters={{ q: 'asha', status: 'new', department: '' }} />);
    const excel = screen.getByRole('link', { name: 'Export Excel' });
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    for (const [link, file] of [
      [excel, 'export.xlsx'],
      [csv, 'export.csv'],
    ] as const) {
      expect(link.hasAttribute('download')).toBe(true);
      const { segments, search } = parts(link.getAttribute('href') ?? '');
      expect(segments).toEqual(['api', 'staff', 'inbox', 'subscribers', file]);
      // Empty filters stay out of the URL; the others go along.
      expect(search).toBe('?q=asha&status=new');
    }
  });
});
