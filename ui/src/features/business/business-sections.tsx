import { PageSection, sectionHeading } from '@/components/page-section';
import { Paragraphs } from '@/components/paragraphs';
import { PointGrid } from '@/components/point-grid';
import type { BusinessSection } from '@/content/types';
import { fieldOf } from '@/lib/page-fields';

/**
 * Text sections of a static page: plain text reads as heading beside text; a section
 * with points shows them as numbered cards on a tinted band. `at` is the sections' content
 * path, to tie their words to their fields in a preview of the page editor.
 */
export function BusinessSections({ sections, at }: { sections: readonly BusinessSection[]; at: string }) {
  return (
    <>
      {sections.map((section, index) => (
        <PageSection
          key={section.id}
          id={section.id}
          tone={section.points ? 'soft' : 'plain'}
          class={section.points ? undefined : 'page-section--text'}
          {...sectionHeading(section, `${at}.${index}`, 'heading')}
        >
          <div class="narrow-text" data-animate>
            <Paragraphs items={section.paragraphs} field={fieldOf(`${at}.${index}.paragraphs`)} />
          </div>
          {section.points && <PointGrid points={section.points} numbered at={`${at}.${index}.points`} />}
        </PageSection>
      ))}
    </>
  );
}
