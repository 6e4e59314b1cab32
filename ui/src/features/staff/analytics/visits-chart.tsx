import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { VisitDay } from './analytics-api';

interface VisitsChartProps {
  days: VisitDay[];
}

const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 40 };

/** A round step for the scale's lines: 1, 2 or 5 times a power of ten. */
function step(max: number): number {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(Math.max(rough, 1)));
  for (const factor of [1, 2, 5, 10]) if (power * factor >= rough) return power * factor;
  return power * 10;
}

/** "26 Nov" from YYYY-MM-DD. */
function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/**
 * Visitors a day as bars, page views as a line over them, drawn as SVG at the width of its
 * box (measured, so its text stays its size on a phone and on a wide screen). The same
 * numbers are in the table beside it, for screen readers and for reading.
 */
export function VisitsChart({ days }: VisitsChartProps) {
  const box = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(640);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWidth(Math.max(240, Math.floor(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const max = Math.max(1, ...days.map((day) => Math.max(day.views, day.visitors)));
  const unit = step(max);
  const top = Math.ceil(max / unit) * unit;
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(days.length, 1);
  const y = (value: number) => PAD.top + innerH - (value / top) * innerH;
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += unit) ticks.push(value);
  // A label about every 80 px.
  const labelEvery = Math.max(1, Math.ceil(days.length / Math.max(2, Math.floor(innerW / 80))));
  const line = days
    .map((day, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(day.views).toFixed(1)}`)
    .join(' ');
  const totalViews = days.reduce((sum, day) => sum + day.views, 0);
  const totalVisitors = days.reduce((sum, day) => sum + day.visitors, 0);
  return (
    <figure class="visits-chart" ref={box}>
      <svg
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={`Visitors and page views a day, ${days.length} days: ${totalVisitors.toLocaleString()} visitors and ${totalViews.toLocaleString()} page views in all.`}
      >
        {ticks.map((value) => (
          <g key={value} class="visits-chart__grid">
            <line x1={PAD.left} x2={width - PAD.right} y1={y(value)} y2={y(value)} />
            <text x={PAD.left - 6} y={y(value) + 4} text-anchor="end">
              {value.toLocaleString()}
            </text>
          </g>
        ))}
        {days.map((day, index) => (
          <rect
            key={day.day}
            class="visits-chart__bar"
            x={x(index) - Math.max(slot * 0.35, 0.5)}
            width={Math.max(slot * 0.7, 1)}
            y={y(day.visitors)}
            height={Math.max(PAD.top + innerH - y(day.visitors), 0)}
          >
            <title>
              {dayLabel(day.day)}: {day.visitors.toLocaleString()} visitors, {day.views.toLocaleString()} page
              views
            </title>
          </rect>
        ))}
        <path class="visits-chart__line" d={line} />
        {days.map((day, index) =>
          index % labelEvery === 0 ? (
            <text key={day.day} class="visits-chart__day" x={x(index)} y={HEIGHT - 8} text-anchor="middle">
              {dayLabel(day.day)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption class="visits-chart__legend">
        <span class="visits-chart__key visits-chart__key--bar">Visitors</span>
        <span class="visits-chart__key visits-chart__key--line">Page views</span>
      </figcaption>
    </figure>
  );
}
