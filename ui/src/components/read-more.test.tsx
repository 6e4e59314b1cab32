import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ReadMore } from './read-more';

const paragraphs = ['First paragraph.', 'Second paragraph.', 'Third paragraph.', 'Fourth paragraph.'];

function renderReadMore(items = paragraphs) {
  render(
    <ReadMore
      id="story"
      paragraphs={items}
      collapsedCount={2}
      readMoreLabel="Read More"
      readLessLabel="Read Less"
    />,
  );
}

describe('read more', () => {
  it('shows the first paragraphs, then all of them, then folds back', () => {
    renderReadMore();
    expect(screen.getByText('Second paragraph.')).toBeTruthy();
    expect(screen.queryByText('Third paragraph.')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Read More' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByText('Fourth paragraph.')).toBeTruthy();
    const less = screen.getByRole('button', { name: 'Read Less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(less);
    expect(screen.queryByText('Third paragraph.')).toBeNull();
  });

  it('has no toggle when everything fits', () => {
    renderReadMore(paragraphs.slice(0, 2));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
