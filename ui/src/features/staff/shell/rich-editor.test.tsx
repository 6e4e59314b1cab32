import { fireEvent, render } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { RichEditor } from './rich-editor';

const STORY =
  '<p>First</p><figure><img src="blogs/0123456789abcdef.png" alt="The lobby"><figcaption>The lobby, a week before</figcaption></figure>';

function editor(value: string) {
  const onChange = vi.fn();
  const { container } = render(<RichEditor id="body" value={value} onChange={onChange} labelledBy="label" />);
  const area = container.querySelector<HTMLElement>('#body');
  if (!area) throw new Error('no editing area');
  return { area, onChange };
}

/** The caret at the end of `node`'s text. */
function caretAtEnd(node: Node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  range.collapse(false);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  return selection;
}

describe('the rich editor and a figure at the end of a story', () => {
  it('opens with a paragraph after the closing figure, and what is typed there is a paragraph', () => {
    const { area, onChange } = editor(STORY);
    const after = area.lastElementChild;
    expect(after?.outerHTML).toBe('<p><br></p>');
    // Typed where a click below the image puts the caret.
    after?.replaceChildren('The end.');
    fireEvent.input(area);
    expect(onChange).toHaveBeenLastCalledWith(`${STORY}<p>The end.</p>`);
  });

  it('Enter at the end of the caption starts a paragraph after the figure, not a second caption', () => {
    const { area, onChange } = editor(`${STORY}<p>Next</p>`);
    const caption = area.querySelector('figcaption');
    if (!caption) throw new Error('no caption');
    caretAtEnd(caption);
    const enter = fireEvent.keyDown(area, { key: 'Enter' });
    expect(enter).toBe(false);
    expect(area.querySelectorAll('figcaption')).toHaveLength(1);
    const paragraph = area.querySelector('figure + p');
    expect(paragraph?.outerHTML).toBe('<p><br></p>');
    expect(window.getSelection()?.getRangeAt(0).startContainer).toBe(paragraph);
    paragraph?.replaceChildren('Typed after');
    fireEvent.input(area);
    expect(onChange).toHaveBeenLastCalledWith(`${STORY}<p>Typed after</p><p>Next</p>`);
  });
});
