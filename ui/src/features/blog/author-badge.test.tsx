import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { BlogAuthor } from '@/lib/api-types';
import { imageSet } from '@/lib/test-images';
import { AuthorBadge } from './author-badge';

const withPhoto: BlogAuthor = {
  name: 'Ananya Rao',
  profile_photo: 'authors/a960.jpg',
  profile_photo_set: imageSet(960, 1200, { 480: 'authors/a480', 960: 'authors/a960' }),
};

describe('author badge', () => {
  it('offers an uploaded photo in its sizes, for the badge it is', () => {
    const { container } = render(<AuthorBadge author={withPhoto} color="#0369a1" />);
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('type')).toBe('image/webp');
    expect(source?.getAttribute('srcset')).toBe(
      '/media/authors/a480.webp 480w, /media/authors/a960.webp 960w',
    );
    expect(source?.getAttribute('sizes')).toBe('44px');
    const img = container.querySelector('picture > img');
    expect(img?.getAttribute('srcset')).toBe('/media/authors/a480.jpg 480w, /media/authors/a960.jpg 960w');
    expect(img?.getAttribute('sizes')).toBe('44px');
    // Shown at the badge's size, whatever the photo's own.
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['44', '44']);
  });

  it('shows a photo without renditions as it is, and no photo as an initial', () => {
    const plain = render(
      <AuthorBadge
        author={{ ...withPhoto, profile_photo: 'authors/a.svg', profile_photo_set: null }}
        color="#000"
      />,
    );
    expect(plain.container.querySelector('picture')).toBeNull();
    expect(plain.container.querySelector('img')?.hasAttribute('srcset')).toBe(false);
    plain.unmount();
    const none = render(
      <AuthorBadge author={{ ...withPhoto, profile_photo: null, profile_photo_set: null }} color="#000" />,
    );
    expect(none.container.querySelector('img')).toBeNull();
    expect(none.getByTestId('author-initial').textContent).toBe('A');
  });
});
