import { useState } from 'preact/hooks';
import { firstParagraphs, type ParagraphsValue, paragraphCount } from '@/lib/page-fields';
import { Paragraphs } from './paragraphs';
import './read-more.css';

interface ReadMoreProps {
  id: string;
  paragraphs: ParagraphsValue;
  /** Ties the text to its field in a preview of the page editor. */
  field?: Record<string, string>;
  /** How many paragraphs show while collapsed. */
  collapsedCount: number;
  readMoreLabel: string;
  readLessLabel: string;
}

/** Long copy that shows its first paragraphs and a Read More / Read Less toggle. */
export function ReadMore({
  id,
  paragraphs,
  collapsedCount,
  readMoreLabel,
  readLessLabel,
  field,
}: ReadMoreProps) {
  const [expanded, setExpanded] = useState(false);
  const hasMore = paragraphCount(paragraphs) > collapsedCount;
  const shown = expanded || !hasMore ? paragraphs : firstParagraphs(paragraphs, collapsedCount);
  return (
    <div class="read-more">
      <div id={id} class="read-more__text">
        <Paragraphs items={shown} field={field} />
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
