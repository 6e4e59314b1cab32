/**
 * What the rich editor's toolbar and keys do to the editing area: the browser's own editing
 * commands (`document.execCommand`, which keeps its undo history) and the Selection API. The
 * HTML they leave is made clean by `rich-normalize` on every change.
 */

export type Command =
  | 'bold'
  | 'italic'
  | 'h2'
  | 'h3'
  | 'paragraph'
  | 'ul'
  | 'ol'
  | 'quote'
  | 'link'
  | 'image';

/** What is on at the caret, for the toolbar's pressed buttons. */
export interface CaretState {
  bold: boolean;
  italic: boolean;
  h2: boolean;
  h3: boolean;
  ul: boolean;
  ol: boolean;
  quote: boolean;
}

export const NOTHING_ON: CaretState = {
  bold: false,
  italic: false,
  h2: false,
  h3: false,
  ul: false,
  ol: false,
  quote: false,
};

/** The toolbar's buttons in order, with their names and keys. */
export const TOOLS: { command: Command; label: string; keys: string; shown: string }[] = [
  { command: 'bold', label: 'Bold', keys: 'Control+B', shown: 'Ctrl+B' },
  { command: 'italic', label: 'Italic', keys: 'Control+I', shown: 'Ctrl+I' },
  { command: 'h2', label: 'Heading', keys: 'Control+Alt+2', shown: 'Ctrl+Alt+2' },
  { command: 'h3', label: 'Subheading', keys: 'Control+Alt+3', shown: 'Ctrl+Alt+3' },
  { command: 'link', label: 'Link', keys: 'Control+K', shown: 'Ctrl+K' },
  { command: 'ul', label: 'Bulleted list', keys: 'Control+Shift+8', shown: 'Ctrl+Shift+8' },
  { command: 'ol', label: 'Numbered list', keys: 'Control+Shift+7', shown: 'Ctrl+Shift+7' },
  { command: 'quote', label: 'Quote', keys: 'Control+Shift+9', shown: 'Ctrl+Shift+9' },
  { command: 'image', label: 'Image', keys: '', shown: '' },
];

/** The command a key press asks for, if any (Ctrl or Cmd). */
export function commandForKey(event: {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): Command | 'paragraph' | null {
  if (!(event.ctrlKey || event.metaKey)) return null;
  const digit = /^Digit([0-9])$/.exec(event.code)?.[1];
  if (event.altKey && !event.shiftKey) {
    if (digit === '2') return 'h2';
    if (digit === '3') return 'h3';
    if (digit === '0') return 'paragraph';
    return null;
  }
  if (event.shiftKey && !event.altKey) {
    if (digit === '7') return 'ol';
    if (digit === '8') return 'ul';
    if (digit === '9') return 'quote';
    return null;
  }
  if (event.altKey || event.shiftKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'b') return 'bold';
  if (key === 'i') return 'italic';
  if (key === 'k') return 'link';
  return null;
}

/** The elements from the caret up to (not including) the editing area. */
function ancestors(root: Element, node: Node | null): Element[] {
  const found: Element[] = [];
  let at: Node | null = node;
  while (at && at !== root) {
    if (at.nodeType === 1) found.push(at as Element);
    at = at.parentNode;
  }
  return at === root ? found : [];
}

/** What is on where the selection starts inside `root` (nothing when it is elsewhere). */
export function caretState(root: Element, selection: Selection | null): CaretState {
  const node = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).startContainer : null;
  const tags = ancestors(root, node).map((element) => element.tagName);
  if (!node || (tags.length === 0 && node !== root && !root.contains(node))) return NOTHING_ON;
  const list = tags.find((tag) => tag === 'UL' || tag === 'OL');
  const query = (name: string, tag: string[]) => {
    try {
      if (typeof document.queryCommandState === 'function' && document.queryCommandState(name)) return true;
    } catch {
      // Not every DOM has editing commands (the unit tests' does not).
    }
    return tags.some((t) => tag.includes(t));
  };
  return {
    bold: query('bold', ['STRONG', 'B']),
    italic: query('italic', ['EM', 'I']),
    h2: tags.includes('H2'),
    h3: tags.includes('H3'),
    ul: list === 'UL',
    ol: list === 'OL',
    quote: tags.includes('BLOCKQUOTE'),
  };
}

const exec = (name: string, value?: string) => document.execCommand(name, false, value);

/** Runs a formatting command on the selection (links and images have dialogs of their own). */
export function format(command: Exclude<Command, 'link' | 'image'>, state: CaretState) {
  switch (command) {
    case 'bold':
    case 'italic':
      exec(command);
      return;
    case 'h2':
    case 'h3':
      exec('formatBlock', state[command] ? 'p' : command);
      return;
    case 'paragraph':
      if (state.quote) exec('outdent');
      exec('formatBlock', 'p');
      return;
    case 'ul':
      exec('insertUnorderedList');
      return;
    case 'ol':
      exec('insertOrderedList');
      return;
    case 'quote':
      if (state.quote) exec('outdent');
      else exec('formatBlock', 'blockquote');
      return;
  }
}

/**
 * Puts `nodes` where `range` is in `root` (at its end when the range is elsewhere), in place
 * of what was selected, and the caret after them. By the Range API, not `insertHTML`: the
 * browser's command would add inline styles the site's content security policy refuses.
 */
export function insertAtCaret(root: Element, range: Range | null, nodes: DocumentFragment) {
  const at = document.createRange();
  if (range && root.contains(range.commonAncestorContainer)) {
    at.setStart(range.startContainer, range.startOffset);
    at.setEnd(range.endContainer, range.endOffset);
  } else {
    at.selectNodeContents(root);
    at.collapse(false);
  }
  const last = nodes.lastChild;
  at.deleteContents();
  at.insertNode(nodes);
  if (!last) return;
  at.setStartAfter(last);
  at.collapse(true);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(at);
}

/** Makes the selection a link to `href`, or puts `text` (or the address) linked at the caret. */
export function insertLink(root: Element, href: string, text: string, range: Range | null) {
  if (range && !range.collapsed) {
    exec('createLink', href);
    return;
  }
  const a = document.createElement('a');
  a.setAttribute('href', href);
  a.textContent = text || href;
  const nodes = document.createDocumentFragment();
  nodes.append(a);
  insertAtCaret(root, range, nodes);
}

/** The top-level block of `root` that holds `node`. */
function topBlock(root: Element, node: Node | null): Element | null {
  let at = node;
  while (at && at.parentNode !== root) at = at.parentNode;
  return at && at.nodeType === 1 ? (at as Element) : null;
}

/** A paragraph with nothing in it yet, which a caret can stand in. */
function emptyParagraph(): HTMLParagraphElement {
  const paragraph = document.createElement('p');
  paragraph.append(document.createElement('br'));
  return paragraph;
}

const isEmptyParagraph = (element: Element | null): element is HTMLParagraphElement =>
  element?.tagName === 'P' && !element.textContent?.trim() && !element.querySelector('img');

/** The caret at the start of `element`. */
function caretAt(element: Element) {
  const selection = window.getSelection();
  const caret = document.createRange();
  caret.setStart(element, 0);
  caret.collapse(true);
  selection?.removeAllRanges();
  selection?.addRange(caret);
}

/**
 * A body that ends with a figure gets an empty paragraph after it, so that a click below the
 * image, or the caret moved past it, lands in a paragraph: what is typed there would
 * otherwise go into the figure's caption. (The clean HTML drops the empty paragraph again.)
 */
export function keepParagraphAfterFigure(root: Element) {
  if (root.lastElementChild?.tagName === 'FIGURE') root.append(emptyParagraph());
}

/**
 * Enter in a figure (its caption, or by the image) starts the paragraph after it: the empty
 * one already there, or a new one. A caption is one line, and the browser's own Enter would
 * make a second caption. Answers whether the caret was in a figure.
 */
export function leaveFigure(root: Element, selection: Selection | null): boolean {
  const node = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).startContainer : null;
  const figure = ancestors(root, node).find((element) => element.tagName === 'FIGURE');
  if (!figure) return false;
  const next = figure.nextElementSibling;
  if (isEmptyParagraph(next)) caretAt(next);
  else {
    const paragraph = emptyParagraph();
    figure.after(paragraph);
    caretAt(paragraph);
  }
  return true;
}

/**
 * Puts a figure (image, alt text, caption) after the block the caret is in, or in its place
 * when that block is empty, with an empty paragraph after it for the caret.
 */
export function insertFigure(root: Element, range: Range | null, src: string, alt: string, caption: string) {
  const figure = document.createElement('figure');
  const img = document.createElement('img');
  img.setAttribute('src', src);
  img.setAttribute('alt', alt);
  figure.append(img);
  if (caption) {
    const figcaption = document.createElement('figcaption');
    figcaption.textContent = caption;
    figure.append(figcaption);
  }
  const after = emptyParagraph();
  const block = topBlock(root, range?.startContainer ?? null);
  if (block && !block.textContent?.trim() && !block.querySelector('img')) block.replaceWith(figure, after);
  else if (block) block.after(figure, after);
  else root.append(figure, after);
  caretAt(after);
}
