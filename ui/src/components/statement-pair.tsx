import type { TextBlock } from '@/content/types';
import { Paragraphs } from './paragraphs';

/** Vision and Mission as two cards side by side, each its own section. */
export function StatementPair({ blocks }: { blocks: readonly TextBlock[] }) {
  return (
    <div class="page-section page-section--soft">
      <div class="container statement-pair">
        {blocks.map((block) => (
          <section key={block.id} class="card statement" aria-labelledby={`${block.id}-title`} data-animate>
            <h2 id={`${block.id}-title`} class="statement__title">
              {block.heading}
            </h2>
            <Paragraphs items={block.paragraphs} />
          </section>
        ))}
      </div>
    </div>
  );
}
