import { render } from '@testing-library/preact';
import { hydrate } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it } from 'vitest';
import demoDetails from '@/content/company-details.json';
import type { CompanyDetailsForm, LeaderForm } from '@/lib/api-types';
import { countWord } from '@/lib/count-words';
import { setPageData } from '@/lib/page-data';
import { LeadersGrid } from './leaders-grid';

function leader(n: number): LeaderForm {
  return {
    name: `Leader Number${n}`,
    designation: `Head of part ${n}`,
    portrait: '',
    linkedin: '',
    whatsapp: '',
  };
}

/** The page's data as the server renders with it: the demo details with `count` leaders. */
function withLeaders(count: number): void {
  const details = {
    ...(demoDetails as CompanyDetailsForm),
    leaders: Array.from({ length: count }, (_, i) => leader(i)),
  };
  setPageData({ site: { data: details } });
}

function intro(container: Element): string | null | undefined {
  return container.querySelector('.section-heading__intro')?.textContent;
}

afterEach(() => setPageData(null));

describe('the leaders intro', () => {
  it('counts the leaders the details hold, in words to twenty, then digits', () => {
    const starts: [number, string][] = [
      [2, 'Two leaders, each'],
      [3, 'Three leaders, each'],
      [8, 'Eight leaders, each'],
      [12, 'Twelve leaders, each'],
      [20, 'Twenty leaders, each'],
      [21, '21 leaders, each'],
      [24, '24 leaders, each'],
    ];
    for (const [count, start] of starts) {
      withLeaders(count);
      const { container, unmount } = render(<LeadersGrid />);
      expect(intro(container)).toMatch(new RegExp(`^${start} responsible for one part of the group`));
      expect(container.querySelectorAll('.leader-card')).toHaveLength(count);
      unmount();
    }
  });

  it('speaks of one leader in the singular', () => {
    withLeaders(1);
    const { container } = render(<LeadersGrid />);
    const text = intro(container) ?? '';
    expect(text).toMatch(/^One leader, responsible for the whole group, who has spent/);
    expect(text).not.toMatch(/leaders|each|between them/);
  });

  it('shows no section when there are no leaders', () => {
    withLeaders(0);
    const { container } = render(<LeadersGrid />);
    expect(container.querySelector('#leaders')).toBeNull();
  });

  it('says the same on the server and after hydration', () => {
    withLeaders(5);
    const html = renderToString(<LeadersGrid />);
    expect(html).toContain('Five leaders, each responsible');
    const root = document.createElement('div');
    root.innerHTML = html;
    const served = root.querySelector('.section-heading__intro');
    hydrate(<LeadersGrid />, root);
    expect(root.querySelector('.section-heading__intro')).toBe(served);
    expect(root.innerHTML).toBe(html);
  });

  it('spells counts as a sentence starts them', () => {
    expect([0, 1, 7, 11, 19, 20, 21, 100].map(countWord)).toEqual([
      'No',
      'One',
      'Seven',
      'Eleven',
      'Nineteen',
      'Twenty',
      '21',
      '100',
    ]);
  });
});
