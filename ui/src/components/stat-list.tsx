import { useRef } from 'preact/hooks';
import type { OverviewStat } from '@/content/types';
import { useInView } from '@/lib/use-in-view';
import { StatCounter } from './stat-counter';

/** The Overview figures, counting up together once the list is scrolled into view. */
export function StatList({ stats }: { stats: readonly OverviewStat[] }) {
  const list = useRef<HTMLUListElement>(null);
  const seen = useInView(list);
  return (
    <ul ref={list} class="stats">
      {stats.map((stat) => (
        <StatCounter key={stat.id} stat={stat} running={seen} />
      ))}
    </ul>
  );
}
