import type { TextBlock } from '@/content/types';
import { fieldOf } from '@/lib/page-fields';
import { Paragraphs } from './paragraphs';

/**
 * Vision and Mission as two cards side by side, each its own section. `fields` names each
 * block's content path (`homeContent.vision`), to tie its words to their fields in a preview.
 */
export function StatementPair({
  blocks,
  fields,
}: {
  blocks: readonly TextBlock[];
  fields: readonly string[];
}) {
  return (
    <div class="page-section page-section--soft">
      <div class="container statement-pair">
        {blocks.map((block, index) => (
          <section key={block.id} class="card statement" aria-labelledby={`${block.id}-title`} data-animate>
            <h2 id={`${block.id}-title`} class="statement__title" {...fieldOf(`${fields[index]}.heading`)}>
              {block.heading}
            </h2>
            <Paragraphs items={block.paragraphs} field={fieldOf(`${fields[index]}.paragraphs`)} />
          </section>
        ))}
      </div>
    </div>
  );
}
