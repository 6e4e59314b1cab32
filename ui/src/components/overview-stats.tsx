import { useRef } from 'preact/hooks';
import { overviewStats } from '@/content/company';
import { companyDetails } from '@/lib/company-details';
import { useInView } from '@/lib/use-in-view';
import { PageSection } from './page-section';
import { StatCounter } from './stat-counter';

/** The four Overview counters, as the office set them; they count up when
 * scrolled into view. Icons go by position. */
export function OverviewStats({
  id,
  title,
  intro,
  titleField,
}: {
  id: string;
  title: string;
  intro?: string;
  /** Ties the title to its field in a preview of the page editor. */
  titleField?: Record<string, string>;
}) {
  const list = useRef<HTMLUListElement>(null);
  const seen = useInView(list);
  const icons = overviewStats.map((stat) => stat.img);
  return (
    <PageSection id={id} title={title} intro={intro} tone="brand" centered titleField={titleField}>
      <ul ref={list} class="stats">
        {companyDetails().counters.map((counter, index) => (
          <StatCounter
            key={`${index}-${counter.heading}`}
            stat={{
              id: `counter-${index}`,
              img: icons[index % icons.length] ?? 'clients-served',
              heading: counter.heading,
              count: counter.count,
              suffix: counter.suffix,
            }}
            running={seen}
          />
        ))}
      </ul>
    </PageSection>
  );
}
