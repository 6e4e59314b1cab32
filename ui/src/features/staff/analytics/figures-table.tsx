import type { ComponentChildren } from 'preact';

/** A number column: its header and each line's figure as the screen says it. */
export interface FigureColumn<Line> {
  header: ComponentChildren;
  figure: (line: Line) => string;
}

/** A table of lines: each line's name in its row's header cell, then its figures. */
function LinesTable<Line>({
  column,
  lines,
  lineKey,
  name,
  nameClass,
  figures,
}: {
  column: string;
  lines: Line[];
  lineKey: (line: Line) => string;
  name: (line: Line) => string;
  nameClass?: string;
  figures: FigureColumn<Line>[];
}) {
  return (
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
          <tr key={lineKey(line)}>
            <th scope="row" class={nameClass}>
              {name(line)}
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
  );
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
        <LinesTable
          column={column}
          lines={lines}
          lineKey={(line) => line.value}
          name={(line) => line.title ?? line.value}
          nameClass="analytics-table__value"
          figures={figures}
        />
      )}
    </section>
  );
}

/** The period's days as a table: each day's row (the day as `dayText` says it), then its figures. */
export function DaysTable<Day extends { day: string }>({
  days,
  figures,
  dayText,
}: {
  days: Day[];
  figures: FigureColumn<Day>[];
  dayText: (day: string) => string;
}) {
  return (
    <LinesTable
      column="Day"
      lines={days}
      lineKey={(day) => day.day}
      name={(day) => dayText(day.day)}
      figures={figures}
    />
  );
}
