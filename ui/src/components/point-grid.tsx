import type { Point } from '@/content/types';
import { fieldOf } from '@/lib/page-fields';

interface PointGridProps {
  points: readonly Point[];
  /** Number the cards (steps of a process). */
  numbered?: boolean;
  /** The list's content path, to tie each card's words to their fields in a preview. */
  at?: string;
}

/** A responsive grid of short cards: a heading and a line or two. */
export function PointGrid({ points, numbered = false, at = '' }: PointGridProps) {
  const Tag = numbered ? 'ol' : 'ul';
  return (
    <Tag class="point-grid">
      {points.map((point, index) => (
        <li key={point.id} class="card point-card" data-animate>
          {numbered && (
            <span class="point-card__number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
          )}
          <h3 class="point-card__title" {...fieldOf(`${at}.${index}.heading`)}>
            {point.heading}
          </h3>
          <p class="point-card__text" {...fieldOf(`${at}.${index}.description`)}>
            {point.description}
          </p>
        </li>
      ))}
    </Tag>
  );
}
