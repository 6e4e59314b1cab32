import type { ComponentChildren } from 'preact';

/** A number column: its header and each line's figure as the screen says it. */
export interface FigureColumn<Line> {
  header: ComponentChildren;
  figure: (line: Line) => string;
}

interface Props<Line extends { value: string; title: string | null }> {
  title: string;
  /** What the first column holds. */
  column: string;
  lines: Line[];
  /** Shown when the period has none. */
  none: string;
  figures: FigureColumn<Line>[];
}

/** One of the report's lists as a titled table: each line's name (a story by its title), then its figures. */
export function FiguresTable<Line extends { value: string; title: string | null }>({
  title,
  column,
  lines,
  none,
  figures,
}: Props<Line>) {
  return (
    <section class="analytics-list" aria-label={title}>
      <h2>{title}</h2>
      {lines.length === 0 ? (
        <p class="analytics-list__none">{none}</p>
      ) : (
        <table class="analytics-table">
          <thead>
            <tr>
              <th scope="col">{column}</th>
              {figures.map((figure, at) => (
                <th key={at} scope="col" class="analytics-table__number">
                  {figure.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.value}>
                <th scope="row" class="analytics-table__value">
                  {line.title ?? line.value}
                </th>
                {figures.map((figure, at) => (
                  <td key={at} class="analytics-table__number">
                    {figure.figure(line)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
