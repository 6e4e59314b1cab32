import type { BlogAuthor } from '@/lib/api-types';
import { mediaUrl } from '@/lib/runtime-config';
import { initialOf } from './blog-format';

interface AuthorBadgeProps {
  author: BlogAuthor;
  color: string;
  size?: number;
}

/** The author's photo, or a circle in the blog's colour with the first initial. */
export function AuthorBadge({ author, color, size = 44 }: AuthorBadgeProps) {
  const photo = mediaUrl(author.profile_photo);
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
        <span
          class="author__initial"
          style={{ backgroundColor: color, width: `${size}px`, height: `${size}px` }}
          aria-hidden="true"
          data-testid="author-initial"
        >
          {initialOf(author.name)}
        </span>
      )}
      <span class="author__name">{author.name}</span>
    </span>
  );
}
