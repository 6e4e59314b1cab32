import { useRef } from 'preact/hooks';
import { overviewStats } from '@/content/company';
import { useInView } from '@/lib/use-in-view';
import { PageSection } from './page-section';
import { StatCounter } from './stat-counter';

/** The four Overview counters (SPEC.md section 9); they count up when scrolled into view. */
export function OverviewStats({ id, title, intro }: { id: string; title: string; intro?: string }) {
  const list = useRef<HTMLUListElement>(null);
  const seen = useInView(list);
  return (
    <PageSection id={id} title={title} intro={intro} tone="brand" centered>
      <ul ref={list} class="stats">
        {overviewStats.map((stat) => (
          <StatCounter key={stat.id} stat={stat} running={seen} />
        ))}
      </ul>
    </PageSection>
  );
}
