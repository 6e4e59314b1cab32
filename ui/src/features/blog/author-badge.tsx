import type { BlogAuthor } from '@/lib/api-types';
import { fallbackType, srcsetOf } from '@/lib/image-set';
import { mediaUrl } from '@/lib/runtime-config';
import { useInlineStyle } from '@/lib/use-inline-style';
import { initialOf } from './blog-format';

interface AuthorBadgeProps {
  author: BlogAuthor;
  color: string;
  size?: number;
}

/**
 * The author's photo, or a circle in the blog's colour with the first initial. An uploaded
 * photo comes in the sizes the server made (`profile_photo_set`): at `size` px the browser
 * takes the smallest that is sharp enough, not the full portrait.
 */
export function AuthorBadge({ author, color, size = 44 }: AuthorBadgeProps) {
  const photo = mediaUrl(author.profile_photo);
  const circle = useInlineStyle<HTMLSpanElement>({
    'background-color': color,
    width: `${size}px`,
    height: `${size}px`,
  });
  return (
    <span class="author">
      {photo ? (
        <AuthorPhoto author={author} src={photo} size={size} />
      ) : (
        <span class="author__initial" ref={circle} aria-hidden="true" data-testid="author-initial">
          {initialOf(author.name)}
        </span>
      )}
      <span class="author__name">{author.name}</span>
    </span>
  );
}

function AuthorPhoto({ author, src, size }: { author: BlogAuthor; src: string; size: number }) {
  const set = author.profile_photo_set;
  const sizes = `${size}px`;
  const webp = set ? srcsetOf(set, 'image/webp') : '';
  const fallback = set ? fallbackType(set) : undefined;
  const img = (
    <img
      class="author__photo"
      src={src}
      srcset={set && fallback ? srcsetOf(set, fallback) : undefined}
      sizes={set ? sizes : undefined}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
  if (!webp) return img;
  return (
    <picture class="media-picture">
      <source type="image/webp" srcset={webp} sizes={sizes} />
      {img}
    </picture>
  );
}
