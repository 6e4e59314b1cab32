import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { LinkDialog } from './link-dialog';

function addLink(href: string) {
  const onLink = vi.fn();
  render(<LinkDialog open askText={false} onClose={vi.fn()} onLink={onLink} />);
  fireEvent.input(screen.getByLabelText('Address'), { target: { value: href } });
  fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
  return onLink;
}

describe('link dialog', () => {
  // What a browser makes of each: `//evil.example`, another site, however it is spelled.
  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%2Fevil.example',
    '/\t/evil.example',
    '/\n\\evil.example',
    '/\\\r\nevil.example',
  ])('refuses %j, a path that leaves the site', (href) => {
    const onLink = addLink(href);
    expect(onLink).not.toHaveBeenCalled();
    expect(
      screen.getByText(
        'Use an address starting with https://, http:// or mailto:, or a path on this site such as /contact.',
      ).className,
    ).toBe('staff-field__error');
    expect(screen.getByLabelText('Address').getAttribute('aria-invalid')).toBe('true');
  });

  it.each(['/contact', '/blogs/detail/a-b', 'https://example.com/a', 'mailto:office@example.com'])(
    'adds %j',
    (href) => {
      expect(addLink(href)).toHaveBeenCalledWith(href, '');
    },
  );
});
