import { useState } from 'preact/hooks';
import { Paragraphs } from './paragraphs';
import './read-more.css';

interface ReadMoreProps {
  id: string;
  paragraphs: readonly string[];
  /** How many paragraphs show while collapsed. */
  collapsedCount: number;
  readMoreLabel: string;
  readLessLabel: string;
}

/** Long copy that shows its first paragraphs and a Read More / Read Less toggle. */
export function ReadMore({ id, paragraphs, collapsedCount, readMoreLabel, readLessLabel }: ReadMoreProps) {
  const [expanded, setExpanded] = useState(false);
  const hasMore = paragraphs.length > collapsedCount;
  const shown = expanded || !hasMore ? paragraphs : paragraphs.slice(0, collapsedCount);
  return (
    <div class="read-more">
      <div id={id} class="read-more__text">
        <Paragraphs items={shown} />
      </div>
      {hasMore && (
        <button
          type="button"
          class="button button--outline"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? readLessLabel : readMoreLabel}
        </button>
      )}
    </div>
  );
}
