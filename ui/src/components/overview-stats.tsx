import { overviewStats } from '@/content/company';
import StatList from '@/islands/stat-list';
import { companyDetails } from '@/lib/company-details';
import { PageSection } from './page-section';

/** The four Overview counters, as the office set them; they count up when
 * scrolled into view (the island `stat-list`). Icons go by position. */
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
  const icons = overviewStats.map((stat) => stat.img);
  return (
    <PageSection id={id} title={title} intro={intro} tone="brand" centered titleField={titleField}>
      <StatList
        stats={companyDetails().counters.map((counter, index) => ({
          id: `counter-${index}`,
          img: icons[index % icons.length] ?? 'clients-served',
          heading: counter.heading,
          count: counter.count,
          suffix: counter.suffix,
        }))}
      />
    </PageSection>
  );
}
