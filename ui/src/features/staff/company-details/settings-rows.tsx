import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { type Errors, fieldId } from './settings-field';

/** Rows of one list with an add button; each row has its own remove button. */
export function Rows<T>({
  name,
  label,
  rows,
  errors,
  blank,
  max,
  onChange,
  render,
}: {
  name: string;
  label: string;
  rows: T[];
  errors: Errors;
  blank: T;
  max: number;
  onChange: (rows: T[]) => void;
  render: (row: T, index: number, set: (row: T) => void) => ComponentChildren;
}) {
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow === null) return;
    const target =
      focusRow < 0
        ? document.getElementById(`${fieldId(name)}-add`)
        : document.querySelector<HTMLElement>(`#${fieldId(name)}-row-${focusRow} input`);
    target?.focus();
    setFocusRow(null);
  }, [focusRow, name]);
  const listError = errors[name];
  return (
    <div class="settings-rows">
      <ol class="settings-rows__list">
        {rows.map((row, index) => (
          // Rows have no ids of their own; the position is what the API's errors name too.
          <li key={index} class="settings-row" id={`${fieldId(name)}-row-${index}`}>
            <div class="settings-row__fields">
              {render(row, index, (next) => onChange(rows.map((old, at) => (at === index ? next : old))))}
            </div>
            <button
              type="button"
              class="staff-button staff-button--danger settings-row__remove"
              onClick={() => {
                onChange(rows.filter((_, at) => at !== index));
                setFocusRow(-1);
              }}
            >
              Remove<span class="visually-hidden"> {`${label.toLowerCase()} ${index + 1}`}</span>
            </button>
          </li>
        ))}
      </ol>
      {listError && (
        <p class="staff-control__error" id={`${fieldId(name)}-error`}>
          {listError}
        </p>
      )}
      <button
        type="button"
        class="staff-button"
        id={`${fieldId(name)}-add`}
        disabled={rows.length >= max}
        onClick={() => {
          onChange([...rows, blank]);
          setFocusRow(rows.length);
        }}
      >
        Add {label.toLowerCase()}
      </button>
    </div>
  );
}
