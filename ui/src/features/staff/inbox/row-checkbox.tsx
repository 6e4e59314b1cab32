import { useEffect, useRef } from 'preact/hooks';
import type { Selection } from './use-selection';

/** The header's checkbox: the whole page, shown half-ticked when only some rows are. */
export function PageCheckbox({ selection }: { selection: Selection }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = selection.page === 'some';
  }, [selection.page]);
  return (
    <th scope="col" class="inbox-table__pick">
      <label>
        <input ref={box} type="checkbox" checked={selection.page === 'all'} onChange={selection.togglePage} />
        <span class="visually-hidden inbox-table__pick-label">Select all on this page</span>
      </label>
    </th>
  );
}

/** A row's checkbox, named for its row ("Select Asha Rao"); with Shift, the range from the
 * last row ticked (mouse or keyboard: Shift+Space). */
export function RowCheckbox({ selection, id, name }: { selection: Selection; id: string; name: string }) {
  return (
    <td class="inbox-table__pick">
      <input
        type="checkbox"
        aria-label={`Select ${name}`}
        checked={selection.isSelected(id)}
        onClick={(event) => selection.toggle(id, event.shiftKey)}
      />
    </td>
  );
}
