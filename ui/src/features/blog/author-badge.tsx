import type { BlogAuthor } from '@/lib/api-types';
import { mediaUrl } from '@/lib/runtime-config';
import { useInlineStyle } from '@/lib/use-inline-style';
import { initialOf } from './blog-format';

interface AuthorBadgeProps {
  author: BlogAuthor;
  color: string;
  size?: number;
}

/** The author's photo, or a circle in the blog's colour with the first initial. */
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
        <img
          class="author__photo"
          src={photo}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span class="author__initial" ref={circle} aria-hidden="true" data-testid="author-initial">
          {initialOf(author.name)}
        </span>
      )}
      <span class="author__name">{author.name}</span>
    </span>
  );
}
