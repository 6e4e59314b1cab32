import { describe, expect, it } from 'vitest';
import {
  caretState,
  commandForKey,
  insertAtCaret,
  insertFigure,
  keepParagraphAfterFigure,
  leaveFigure,
  NOTHING_ON,
} from './rich-commands';

const key = (init: Partial<Parameters<typeof commandForKey>[0]>) =>
  commandForKey({
    key: '',
    code: '',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...init,
  });

/** An editing area with `html`, and the caret at the start of the first text in `selector`. */
function areaWithCaret(html: string, selector: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.replaceChildren(root);
  const target = root.querySelector(selector)?.firstChild ?? root;
  const range = document.createRange();
  range.setStart(target, 0);
  range.collapse(true);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  return { root, range, selection };
}

describe('commandForKey', () => {
  it('maps the usual keys, with Ctrl or Cmd', () => {
    expect(key({ key: 'b', ctrlKey: true })).toBe('bold');
    expect(key({ key: 'I', metaKey: true })).toBe('italic');
    expect(key({ key: 'k', ctrlKey: true })).toBe('link');
    expect(key({ key: '@', code: 'Digit2', ctrlKey: true, altKey: true })).toBe('h2');
    expect(key({ code: 'Digit3', ctrlKey: true, altKey: true })).toBe('h3');
    expect(key({ code: 'Digit0', ctrlKey: true, altKey: true })).toBe('paragraph');
    expect(key({ key: '&', code: 'Digit7', ctrlKey: true, shiftKey: true })).toBe('ol');
    expect(key({ code: 'Digit8', ctrlKey: true, shiftKey: true })).toBe('ul');
    expect(key({ code: 'Digit9', ctrlKey: true, shiftKey: true })).toBe('quote');
  });

  it('leaves other keys to the browser', () => {
    expect(key({ key: 'b' })).toBeNull();
    expect(key({ key: 'c', ctrlKey: true })).toBeNull();
    expect(key({ key: 'b', ctrlKey: true, shiftKey: true })).toBeNull();
    expect(key({ code: 'Digit2', ctrlKey: true })).toBeNull();
  });
});

describe('caretState', () => {
  it('says what is on at the caret', () => {
    const { root, selection } = areaWithCaret('<ul><li><strong>bold item</strong></li></ul>', 'strong');
    expect(caretState(root, selection)).toEqual({ ...NOTHING_ON, bold: true, ul: true });
  });

  it('sees headings and quotes', () => {
    const { root, selection } = areaWithCaret('<blockquote><h3><em>said</em></h3></blockquote>', 'em');
    expect(caretState(root, selection)).toEqual({ ...NOTHING_ON, italic: true, h3: true, quote: true });
  });

  it('is all off when the selection is outside the area', () => {
    const { selection } = areaWithCaret('<h2>x</h2>', 'h2');
    const other = document.createElement('div');
    expect(caretState(other, selection)).toEqual(NOTHING_ON);
  });
});

describe('insertFigure', () => {
  it('puts the figure after the caret’s block, with a paragraph for the caret after it', () => {
    const { root, range } = areaWithCaret('<p>First</p><p>Second</p>', 'p');
    insertFigure(root, range, '/media/blogs/a.png', 'A lobby', 'The lobby');
    expect(root.innerHTML).toBe(
      '<p>First</p><figure><img src="/media/blogs/a.png" alt="A lobby"><figcaption>The lobby</figcaption></figure><p><br></p><p>Second</p>',
    );
  });

  it('takes the place of an empty paragraph, and has no caption unless given', () => {
    const { root, range } = areaWithCaret('<p>First</p><p><br></p>', 'p:last-child');
    insertFigure(root, range, 'blogs/a.png', 'A', '');
    expect(root.innerHTML).toBe('<p>First</p><figure><img src="blogs/a.png" alt="A"></figure><p><br></p>');
  });
});

describe('a figure at the end of the body', () => {
  it('has an empty paragraph after it, once, for what is typed after the image', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<p>First</p><figure><img src="a.png" alt="A"><figcaption>The lobby</figcaption></figure>';
    keepParagraphAfterFigure(root);
    keepParagraphAfterFigure(root);
    expect(root.innerHTML).toBe(
      '<p>First</p><figure><img src="a.png" alt="A"><figcaption>The lobby</figcaption></figure><p><br></p>',
    );
    root.innerHTML = '<figure><img src="a.png" alt="A"></figure><p>After</p>';
    keepParagraphAfterFigure(root);
    expect(root.innerHTML).toBe('<figure><img src="a.png" alt="A"></figure><p>After</p>');
  });
});

describe('leaveFigure (Enter in a caption)', () => {
  it('starts a paragraph after the figure instead of a second caption', () => {
    const { root, selection } = areaWithCaret(
      '<figure><img src="a.png" alt="A"><figcaption>The lobby</figcaption></figure><p>Next</p>',
      'figcaption',
    );
    expect(leaveFigure(root, selection)).toBe(true);
    expect(root.innerHTML).toBe(
      '<figure><img src="a.png" alt="A"><figcaption>The lobby</figcaption></figure><p><br></p><p>Next</p>',
    );
    const paragraph = root.querySelectorAll('p')[0];
    expect(selection?.getRangeAt(0).startContainer).toBe(paragraph);
  });

  it('moves to the empty paragraph already after it, making none', () => {
    const { root, selection } = areaWithCaret(
      '<figure><img src="a.png" alt="A"><figcaption>The lobby</figcaption></figure><p><br></p>',
      'figcaption',
    );
    expect(leaveFigure(root, selection)).toBe(true);
    expect(root.querySelectorAll('p')).toHaveLength(1);
    expect(selection?.getRangeAt(0).startContainer).toBe(root.querySelector('p'));
  });

  it('leaves Enter elsewhere to the browser', () => {
    const { root, selection } = areaWithCaret('<p>Words</p><figure><img src="a.png" alt="A"></figure>', 'p');
    expect(leaveFigure(root, selection)).toBe(false);
    expect(root.innerHTML).toBe('<p>Words</p><figure><img src="a.png" alt="A"></figure>');
  });
});

describe('insertAtCaret', () => {
  it('puts the nodes in place of the selection, the caret after them', () => {
    const { root, range, selection } = areaWithCaret('<p>Near the metro</p>', 'p');
    range.setEnd(range.startContainer, 4);
    const link = document.createElement('a');
    link.setAttribute('href', '/contact');
    link.textContent = 'By';
    const nodes = document.createDocumentFragment();
    nodes.append(link);
    insertAtCaret(root, range, nodes);
    expect(root.innerHTML).toBe('<p><a href="/contact">By</a> the metro</p>');
    expect(selection?.getRangeAt(0).startContainer).toBe(root.firstChild);
  });
});
