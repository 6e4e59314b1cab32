import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { Lead, ListName } from './inbox-api';
import { LeadTable } from './lead-table';
import { testLead } from './test-lead';

const lead = testLead;

/** Each cell's label on a phone's card (`data-label`), and the table's headings. */
function labels(list: ListName, item: Lead) {
  const { container, unmount } = render(
    <LeadTable list={list} leads={[item]} selected={null} onOpen={() => {}} />,
  );
  const cells = [...container.querySelectorAll('tbody td')].map((cell) => cell.getAttribute('data-label'));
  const headings = [...container.querySelectorAll('thead th')].map((cell) => cell.textContent);
  unmount();
  return { cells, headings };
}

describe('the lead table', () => {
  it('labels a subscriber’s card with the list they are on and the kind of subscription', () => {
    const { cells, headings } = labels(
      'subscribers',
      lead({ department_website: 'Corp Blogs', service: 'Blog Subscription', subscription: 'confirmed' }),
    );
    expect(cells).toEqual(['Received', 'Email', 'List', 'Kind', 'Status']);
    expect(headings).toEqual(cells);
  });

  it('labels every list’s card as its headings', () => {
    for (const list of ['enquiries', 'applicants'] as const) {
      const { cells, headings } = labels(
        list,
        lead({ name: 'Asha Rao', mobile: '9876543210', experience: 3 }),
      );
      expect(cells).toEqual(headings);
    }
  });
});
