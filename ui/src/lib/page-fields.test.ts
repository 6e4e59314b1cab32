import { afterEach, describe, expect, it } from 'vitest';
import { setPageData } from './page-data';
import { edited } from './page-fields';

const hero = {
  hero: { headline: 'Spaces that work.', subline: 'Four companies.', image: '/a.svg', imageAlt: 'A city' },
  cards: [
    { title: 'One', text: 'First' },
    { title: 'Two', text: 'Second' },
  ],
};

afterEach(() => setPageData(null));

describe('edited', () => {
  it('is the defaults themselves when the office changed nothing', () => {
    setPageData({});
    expect(edited('home', 'homeContent', hero)).toBe(hero);
    setPageData({ pages: { about: { 'homeContent.hero.headline': 'Elsewhere' } } });
    expect(edited('home', 'homeContent', hero)).toBe(hero);
  });

  it('puts each value at its path and copies only along it', () => {
    setPageData({
      pages: {
        home: {
          'homeContent.hero.headline': 'Offices that work.',
          'homeContent.hero.image': '/media/pages/0123456789abcdef.webp',
          'homeContent.hero.imageAlt': 'The new lobby',
          'homeContent.cards.1.title': 'Deux',
          'heroVideo.title': 'Not this export',
        },
      },
    });
    const shown = edited('home', 'homeContent', hero);
    expect(shown.hero).toEqual({
      headline: 'Offices that work.',
      subline: 'Four companies.',
      image: '/media/pages/0123456789abcdef.webp',
      imageAlt: 'The new lobby',
    });
    expect(shown.cards[1]).toEqual({ title: 'Deux', text: 'Second' });
    expect(shown.cards[0]).toBe(hero.cards[0]);
    expect(hero.hero.headline).toBe('Spaces that work.');
  });

  it('replaces an export that is one value', () => {
    setPageData({ pages: { footer: { footerAbout: 'One group, four companies.' } } });
    expect(edited('footer', 'footerAbout', 'Compiled words')).toBe('One group, four companies.');
    expect(edited('footer', 'footerAboutMore', 'Other words')).toBe('Other words');
  });

  it('lays a list item by item over the content, and ignores a path the content does not have', () => {
    const values = [
      { id: 'honesty', icon: 'scales', value: 'Honesty', description: 'First' },
      { id: 'care', icon: 'heart', value: 'Care', description: 'Second' },
    ];
    setPageData({
      pages: {
        home: {
          coreValues: [
            { value: 'Truth' },
            { description: 'Looked after' },
            { value: 'Third', description: 'New' },
          ],
          'homeContent.hero.missing': 'x',
          'homeContent.cards.7.title': 'x',
        },
      },
    });
    expect(edited('home', 'coreValues', values)).toEqual([
      { id: 'honesty', icon: 'scales', value: 'Truth', description: 'First' },
      { id: 'care', icon: 'heart', value: 'Care', description: 'Looked after' },
      { id: 'care-2', icon: 'heart', value: 'Third', description: 'New' },
    ]);
    const shown = edited('home', 'homeContent', hero);
    expect(shown.hero).toBe(hero.hero);
    expect(shown.cards).toBe(hero.cards);
  });

  it('shortens a list the office shortened', () => {
    setPageData({ pages: { home: { 'homeContent.cards': [{ title: 'Only' }] } } });
    expect(edited('home', 'homeContent', hero).cards).toEqual([{ title: 'Only', text: 'First' }]);
  });
});
