import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { imageSet } from '@/lib/test-images';
import { MediaImage } from './media-image';

const set = imageSet(1600, 900, { 480: 'blogs/a480', 1600: 'blogs/a1600' });

describe('media image', () => {
  it('offers a photo as WebP and JPEG sets the browser picks from by its sizes', () => {
    const { container } = render(
      <MediaImage class="card" path="blogs/a1600.jpg" set={set} sizes="100vw" width={1200} height={675} />,
    );
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('type')).toBe('image/webp');
    expect(source?.getAttribute('srcset')).toBe('/media/blogs/a480.webp 480w, /media/blogs/a1600.webp 1600w');
    expect(source?.getAttribute('sizes')).toBe('100vw');
    const img = container.querySelector('picture > img');
    expect(img?.getAttribute('src')).toBe('/media/blogs/a1600.jpg');
    expect(img?.getAttribute('srcset')).toBe('/media/blogs/a480.jpg 480w, /media/blogs/a1600.jpg 1600w');
    expect(img?.getAttribute('sizes')).toBe('100vw');
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['1600', '900']);
  });

  it('shows a drawing without a recorded size as one file at the size it is given', () => {
    const { container } = render(
      <MediaImage class="card" path="blogs/a.svg" sizes="100vw" width={1200} height={675} loading="lazy" />,
    );
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/media/blogs/a.svg');
    expect(img?.hasAttribute('srcset')).toBe(false);
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['1200', '675']);
    expect(img?.getAttribute('loading')).toBe('lazy');
  });
});
