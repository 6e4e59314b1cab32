import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ResumeLinks } from './lead-fields';

describe('an applicant’s resume links', () => {
  it('a PDF, which only ever downloads, has one link that says so', () => {
    render(<ResumeLinks id="a1" type="application/pdf" />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Download resume (PDF)']);
    expect(links[0]?.getAttribute('href')).toMatch(/\/resume\?download=1$/);
    expect(links[0]?.hasAttribute('download')).toBe(true);
  });

  it('an image is viewed in a new tab or downloaded, each named with its type', () => {
    render(<ResumeLinks id="a1" type="image/png" />);
    const [view, download] = screen.getAllByRole('link');
    expect(view?.textContent).toBe('View resume');
    expect(view?.getAttribute('target')).toBe('_blank');
    expect(view?.getAttribute('href')).toMatch(/\/resume$/);
    expect(download?.textContent).toBe('Download resume (PNG)');
  });
});
