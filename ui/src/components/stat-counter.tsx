import type { OverviewStat } from '@/content/types';
import { useCountUp } from '@/lib/count-up';
import { DrawnIcon } from './drawn-icon';

/** One overview figure, counting up to its target once `running` (it was seen). */
export function StatCounter({ stat, running }: { stat: OverviewStat; running: boolean }) {
  const value = useCountUp(stat.count, running);
  return (
    <li class="stat">
      <span class="stat__icon">
        <DrawnIcon name={stat.img} size={28} />
      </span>
      <span class="stat__value">
        {value}
        {stat.suffix}
      </span>
      <span class="stat__label">{stat.heading}</span>
    </li>
  );
}
