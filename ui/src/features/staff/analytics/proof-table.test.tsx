import { render, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ProofTable } from './proof-table';

describe('the spam the proof of work stopped, on the analytics screen', () => {
  it('shows each day’s refused and accepted posts with the spam share, and the p95 solving time', () => {
    render(
      <ProofTable
        proof={{
          days: [
            { day: '2026-11-02', refused: 3, accepted: 1 },
            { day: '2026-11-03', refused: 0, accepted: 2 },
          ],
          refused: 3,
          accepted: 3,
          solve_p95_ms: 412,
          solved: 3,
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Spam stopped by the proof of work' });
    expect(section.textContent).toContain('3 of 6 form posts refused (spam share 50%)');
    expect(section.textContent).toContain('95% of the 3 leads that solved it took 0.4 s or less.');
    const rows = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['2 Nov 2026', '3', '1', '75%'],
      ['3 Nov 2026', '0', '2', '0%'],
    ]);
  });

  it('says so when no post came and no lead solved a proof', () => {
    render(<ProofTable proof={{ days: [], refused: 0, accepted: 0, solve_p95_ms: null, solved: 0 }} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(/0 of 0 form posts refused \(spam share 0%\)/).textContent).toContain(
      'No lead of the period solved a proof.',
    );
  });
});
