import { describe, expect, it } from 'vitest';
import { differs, draftOf, emptyItem, fieldId, formErrors, formValues, moved } from './page-values';
import type { Page } from './pages-api';

const page = {
  schema: {
    key: 'home',
    title: 'Home',
    route: '/',
    fields: [
      { path: 'homeContent.hero.headline', label: 'Hero: headline', kind: 'text', max: 80 },
      { path: 'homeContent.hero.subline', label: 'Hero: text', kind: 'text', max: 200 },
      {
        path: 'coreValues',
        label: 'Core values',
        kind: 'list',
        min: 1,
        max: 3,
        item: [
          { path: 'value', label: 'Value', kind: 'text', max: 40 },
          { path: 'cta', label: 'Link', kind: 'link', href: 'href' },
        ],
      },
    ],
  },
  defaults: {
    'homeContent.hero.headline': 'Spaces that work.',
    'homeContent.hero.subline': 'We build.',
    coreValues: [{ value: 'Trust', cta: { label: 'More', href: '/about' } }],
  },
  draft: { 'homeContent.hero.subline': 'We build.' },
  published: {},
  revision: 4,
  state: 'draft',
  updated_at: null,
  updated_by: null,
  published_at: null,
  published_by: null,
  publish_at: null,
} as Page;

describe('the page form', () => {
  it('shows each field’s draft value, else its default', () => {
    const values = formValues(page, { 'homeContent.hero.headline': 'Offices that work.' });
    expect(values['homeContent.hero.headline']).toBe('Offices that work.');
    expect(values['homeContent.hero.subline']).toBe('We build.');
    expect(values.coreValues).toEqual(page.defaults.coreValues);
  });

  it('saves what differs from its default and what the draft held, never the rest', () => {
    const values = { ...formValues(page), 'homeContent.hero.headline': 'Offices that work.' };
    expect(draftOf(page, values, new Set(Object.keys(page.draft)))).toEqual({
      'homeContent.hero.headline': 'Offices that work.',
      'homeContent.hero.subline': 'We build.',
    });
    expect(draftOf(page, formValues(page), new Set())).toEqual({});
  });

  it('finds a change by value, a list item’s too', () => {
    const held = formValues(page);
    expect(differs({ ...held }, held)).toBe(false);
    expect(
      differs({ ...held, coreValues: [{ value: 'Trust!', cta: { label: 'More', href: '/about' } }] }, held),
    ).toBe(true);
  });
});

describe('names of fields', () => {
  it('gives every path one element id, as the preview names it', () => {
    expect(fieldId('homeContent.hero.headline')).toBe('page-field-homeContent-hero-headline');
    expect(fieldId('coreValues.2.value')).toBe('page-field-coreValues-2-value');
  });

  it.each([
    ['coreValues[2].value', 'coreValues.2.value'],
    ['homeContent.hero.fallbackImage.alt', 'homeContent.hero.fallbackImage.alt'],
    ['coreValues[0].cta.href', 'coreValues.0.cta.href'],
  ])('reads the server’s %s as the form’s %s', (server, form) => {
    expect(formErrors({ [server]: 'Wrong.' })).toEqual({ [form]: 'Wrong.' });
  });
});

describe('a list', () => {
  it('adds an empty item of its fields', () => {
    const field = page.schema.fields[2];
    if (field?.kind !== 'list') throw new Error('the list is gone');
    expect(emptyItem(field.item)).toEqual({ value: '', cta: { label: '', href: '' } });
  });

  it('moves an item up and down', () => {
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});
