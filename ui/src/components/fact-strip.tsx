import { fieldOf } from '@/lib/page-fields';
import './fact-strip.css';

interface Fact {
  id: string;
  figure: string;
  label: string;
}

/** Three or four key figures in a row, under a page's banner. */
export function FactStrip({ facts, label, at = '' }: { facts: readonly Fact[]; label: string; at?: string }) {
  return (
    <section class="fact-strip" aria-label={label}>
      <ul class="container fact-strip__list">
        {facts.map((fact, index) => (
          <li key={fact.id} class="fact">
            <span class="fact__figure" {...fieldOf(`${at}.${index}.figure`)}>
              {fact.figure}
            </span>
            <span class="fact__label" {...fieldOf(`${at}.${index}.label`)}>
              {fact.label}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
