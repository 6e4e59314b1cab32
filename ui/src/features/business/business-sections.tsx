import { PageSection } from '@/components/page-section';
import { Paragraphs } from '@/components/paragraphs';
import { PointGrid } from '@/components/point-grid';
import type { BusinessSection } from '@/content/types';

/**
 * Text sections of a static page: plain text reads as heading beside text; a section
 * with points shows them as numbered cards on a tinted band.
 */
export function BusinessSections({ sections }: { sections: readonly BusinessSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <PageSection
          key={section.id}
          id={section.id}
          title={section.heading}
          tone={section.points ? 'soft' : 'plain'}
          class={section.points ? undefined : 'page-section--text'}
        >
          <div class="narrow-text" data-animate>
            <Paragraphs items={section.paragraphs} />
          </div>
          {section.points && <PointGrid points={section.points} numbered />}
        </PageSection>
      ))}
    </>
  );
}
