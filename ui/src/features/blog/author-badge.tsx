import { MediaImage } from '@/components/media-image';
import type { BlogAuthor } from '@/lib/api-types';
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
        <MediaImage
          path={author.profile_photo}
          set={author.profile_photo_set}
          sizes={`${size}px`}
          class="author__photo"
          width={size}
          height={size}
          keepSize
          loading="lazy"
        />
      ) : (
        <span class="author__initial" {...circle} aria-hidden="true" data-testid="author-initial">
          {initialOf(author.name)}
        </span>
      )}
      <span class="author__name">{author.name}</span>
    </span>
  );
}
