import './fact-strip.css';

interface Fact {
  id: string;
  figure: string;
  label: string;
}

/** Three or four key figures in a row, under a page's banner. */
export function FactStrip({ facts, label }: { facts: readonly Fact[]; label: string }) {
  return (
    <section class="fact-strip" aria-label={label}>
      <ul class="container fact-strip__list">
        {facts.map((fact) => (
          <li key={fact.id} class="fact">
            <span class="fact__figure">{fact.figure}</span>
            <span class="fact__label">{fact.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
