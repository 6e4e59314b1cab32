import type { FormPostDay, ProofCounts } from '@/lib/staff-types';
import { longDay, share } from './analytics-api';
import { DaysTable, type FigureColumn } from './figures-table';

/** Milliseconds as seconds to one decimal: "0.4 s". */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Each day's posts refused and accepted, and the refused ones' share of them. */
const FIGURES: FigureColumn<FormPostDay>[] = [
  { header: 'Refused', figure: (day) => day.refused.toLocaleString() },
  { header: 'Accepted', figure: (day) => day.accepted.toLocaleString() },
  { header: 'Spam share', figure: (day) => share(day.refused, day.refused + day.accepted) },
];

/**
 * The forms' posts over the period and the proof of work: the posts it refused each day
 * beside those accepted (leads), the spam share (refused of all posts), and the p95 of the
 * accepted leads' solving times.
 */
export function ProofTable({ proof }: { proof: ProofCounts }) {
  const posts = proof.refused + proof.accepted;
  return (
    <section class="analytics-list analytics-proof" aria-labelledby="analytics-proof-title">
      <h2 id="analytics-proof-title">Spam stopped by the proof of work</h2>
      <p>
        {proof.refused.toLocaleString()} of {posts.toLocaleString()} form posts refused (spam share{' '}
        {share(proof.refused, posts)}).{' '}
        {proof.solve_p95_ms === null
          ? 'No lead of the period solved a proof.'
          : `95% of the ${proof.solved.toLocaleString()} leads that solved it took ${seconds(proof.solve_p95_ms)} or less.`}
      </p>
      {proof.days.length > 0 && <DaysTable days={proof.days} figures={FIGURES} dayText={longDay} />}
    </section>
  );
}
