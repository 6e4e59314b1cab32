import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { FieldInput } from './page-field-input';
import type { PageField } from './pages-api';

const values: PageField = {
  path: 'coreValues',
  label: 'Core values',
  kind: 'list',
  min: 1,
  max: 2,
  item: [{ path: 'value', label: 'Value', kind: 'text', max: 40 }],
};

describe('a page field', () => {
  it('is a text input with its limit, its count, and the server’s message by its label', () => {
    const field: PageField = { path: 'hero.headline', label: 'Hero: headline', kind: 'text', max: 80 };
    const onChange = vi.fn();
    render(
      <FieldInput
        field={field}
        at={field.path}
        value="Offices"
        onChange={onChange}
        errors={{ 'hero.headline': 'Hero: headline is too long.' }}
      />,
    );
    const input = screen.getByLabelText('Hero: headline') as HTMLInputElement;
    expect(input.maxLength).toBe(80);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('page-field-hero-headline-error');
    expect(screen.getByText('7 of 80 characters')).toBeTruthy();
    expect(screen.getByText('Hero: headline is too long.')).toBeTruthy();
    fireEvent.input(input, { target: { value: 'Offices that work.' } });
    expect(onChange).toHaveBeenCalledWith('Offices that work.');
  });

  it('is a link’s words and address', () => {
    const field: PageField = { path: 'cta', label: 'Button', kind: 'link', href: 'href' };
    const onChange = vi.fn();
    render(
      <FieldInput
        field={field}
        at="cta"
        value={{ label: 'Call', href: '/contact' }}
        onChange={onChange}
        errors={{}}
      />,
    );
    fireEvent.input(screen.getByLabelText('Address'), { target: { value: 'tel:+911234' } });
    expect(onChange).toHaveBeenCalledWith({ label: 'Call', href: 'tel:+911234' });
  });

  it('asks an image for its description', () => {
    const field: PageField = {
      path: 'hero.image',
      label: 'Hero picture',
      kind: 'image',
      alt: 'hero.imageAlt',
    };
    const onChange = vi.fn();
    render(
      <FieldInput
        field={field}
        at="hero.image"
        value={{ src: '/assets/hero.webp', alt: 'Offices' }}
        onChange={onChange}
        errors={{ 'hero.image.alt': 'Hero picture (its description) is required.' }}
      />,
    );
    const alt = screen.getByLabelText('Description (alt text)') as HTMLInputElement;
    expect(alt.required).toBe(true);
    expect(screen.getByText('Hero picture (its description) is required.')).toBeTruthy();
    fireEvent.input(alt, { target: { value: '' } });
    expect(onChange).toHaveBeenCalledWith({ src: '/assets/hero.webp', alt: '' });
  });

  it('adds, moves and removes a list’s items within its bounds', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <FieldInput
        field={values}
        at="coreValues"
        value={[{ value: 'Trust' }]}
        onChange={onChange}
        errors={{}}
      />,
    );
    // One item, the least: it cannot go, nor move.
    expect((screen.getByRole('button', { name: 'Remove Core values 1' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to core values' }));
    expect(onChange).toHaveBeenLastCalledWith([{ value: 'Trust' }, { value: '' }]);

    rerender(
      <FieldInput
        field={values}
        at="coreValues"
        value={[{ value: 'Trust' }, { value: 'Care' }]}
        onChange={onChange}
        errors={{}}
      />,
    );
    // Two, the most: no more is added.
    expect((screen.getByRole('button', { name: 'Add to core values' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move Core values 2 up' }));
    expect(onChange).toHaveBeenLastCalledWith([{ value: 'Care' }, { value: 'Trust' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Core values 1' }));
    expect(onChange).toHaveBeenLastCalledWith([{ value: 'Care' }]);
    expect(screen.getByLabelText('Value', { selector: '#page-field-coreValues-1-value' })).toBeTruthy();
  });
});
