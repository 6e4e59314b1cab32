import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { mediaUrl, runtimeConfig } from '@/lib/runtime-config';
import { ImageDialog } from './image-dialog';
import { LinkDialog } from './link-dialog';
import {
  type CaretState,
  type Command,
  caretState,
  commandForKey,
  format,
  insertAtCaret,
  insertFigure,
  insertLink,
  keepParagraphAfterFigure,
  leaveFigure,
  NOTHING_ON,
  TOOLS,
} from './rich-commands';
import { normalizeHtml, normalizeNode } from './rich-normalize';
import { RichToolbar } from './rich-toolbar';

export interface RichEditorProps {
  /** The editing area's id (the field's errors and hint are found by it). */
  id: string;
  /** The body as clean HTML. The area is redrawn only when this is not what it last emitted. */
  value: string;
  /** Every change, as clean HTML (`rich-normalize`). */
  onChange: (html: string) => void;
  /** The id of the element that names the area. */
  labelledBy: string;
  /** The ids of the field's hint and error. */
  describedBy?: string;
  invalid?: boolean;
  /** The commands on offer (all of `TOOLS` when not given): a page's paragraphs take no headings or images. */
  tools?: readonly Command[];
}

/** Clean HTML as the area shows it: media paths as the URLs the browser loads. */
function shownHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = normalizeHtml(html, runtimeConfig.mediaBase);
  for (const img of template.content.querySelectorAll('img')) {
    img.setAttribute('src', mediaUrl(img.getAttribute('src')) ?? '');
  }
  return template.innerHTML;
}

const ALL_TOOLS = TOOLS.map((tool) => tool.command);

/** Every key the area answers to (the toolbar's buttons say theirs; a plain paragraph has none). */
function keysOf(tools: readonly Command[]): string {
  const keys = TOOLS.filter((tool) => tools.includes(tool.command)).map((tool) => tool.keys);
  return [...keys.filter(Boolean), 'Control+Alt+0'].join(' ');
}

const isImage = (file: File | undefined): file is File => !!file && file.type.startsWith('image/');

/**
 * Formatted text (a story body, a page's paragraphs) as the site shows it, edited in place: a toolbar, the usual keys, a link
 * dialog and an image dialog (alt text required, a caption). Its model is HTML.
 */
export function RichEditor({
  id,
  value,
  onChange,
  labelledBy,
  describedBy,
  invalid,
  tools = ALL_TOOLS,
}: RichEditorProps) {
  const images = tools.includes('image');
  const area = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const range = useRef<Range | null>(null);
  const [state, setState] = useState<CaretState>(NOTHING_ON);
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const [dropped, setDropped] = useState<File | null>(null);
  const [linkAsksText, setLinkAsksText] = useState(false);
  /** What to do in the area once a dialog has closed and focus is back. */
  const pending = useRef<(() => void) | null>(null);

  // A value the area did not emit (a load, a restore, a converted story) redraws it.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element || value === emitted.current) return;
    element.innerHTML = shownHtml(value);
    keepParagraphAfterFigure(element);
    emitted.current = normalizeNode(element, runtimeConfig.mediaBase);
  }, [value]);

  const emit = () => {
    const element = area.current;
    if (!element) return;
    keepParagraphAfterFigure(element);
    const html = normalizeNode(element, runtimeConfig.mediaBase);
    if (html === emitted.current) return;
    emitted.current = html;
    onChange(html);
  };

  const remember = () => {
    const element = area.current;
    const selection = window.getSelection();
    if (!element || !selection || selection.rangeCount === 0) return;
    const at = selection.getRangeAt(0);
    if (!element.contains(at.commonAncestorContainer)) return;
    range.current = at.cloneRange();
    setState(caretState(element, selection));
  };

  useEffect(() => {
    document.addEventListener('selectionchange', remember);
    return () => document.removeEventListener('selectionchange', remember);
  }, []);

  /** Focus back in the area, with the selection it had. */
  const refocus = () => {
    const element = area.current;
    if (!element) return;
    element.focus();
    const selection = window.getSelection();
    if (range.current && selection) {
      selection.removeAllRanges();
      selection.addRange(range.current);
    }
  };

  useEffect(() => {
    if (dialog !== null || !pending.current) return;
    const action = pending.current;
    pending.current = null;
    refocus();
    action();
    emit();
    remember();
  }, [dialog]);

  const run = (command: Command) => {
    if (command === 'link') {
      setLinkAsksText(!range.current || range.current.collapsed);
      setDialog('link');
      return;
    }
    if (command === 'image') {
      setDropped(null);
      setDialog('image');
      return;
    }
    refocus();
    try {
      document.execCommand('defaultParagraphSeparator', false, 'p');
    } catch {
      // Older engines have no such command; their default is a div, cleaned up as a paragraph.
    }
    format(command, area.current ? caretState(area.current, window.getSelection()) : state);
    emit();
    remember();
  };

  const closeDialog = () => {
    pending.current = pending.current ?? (() => {});
    setDialog(null);
  };

  const openImage = (file: File) => {
    if (!images) return;
    remember();
    setDropped(file);
    setDialog('image');
  };

  return (
    <div class={invalid ? 'rich-editor rich-editor--invalid' : 'rich-editor'}>
      <RichToolbar state={state} onCommand={run} tools={tools} controls={id} />
      {/* biome-ignore lint/a11y/useSemanticElements: formatted text is edited in a contenteditable element; a textarea holds plain text only */}
      <div
        ref={area}
        id={id}
        class="rich-editor__area blog-detail__content"
        contentEditable
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-keyshortcuts={keysOf(tools)}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onFocus={() => {
          try {
            document.execCommand('defaultParagraphSeparator', false, 'p');
          } catch {
            // As above.
          }
        }}
        onInput={emit}
        onKeyDown={(event) => {
          const plainEnter = event.key === 'Enter' && !event.ctrlKey && !event.metaKey && !event.altKey;
          if (
            plainEnter &&
            !event.isComposing &&
            area.current &&
            leaveFigure(area.current, window.getSelection())
          ) {
            event.preventDefault();
            emit();
            remember();
            return;
          }
          const command = commandForKey(event);
          if (!command || (command !== 'paragraph' && !tools.includes(command))) return;
          event.preventDefault();
          remember();
          run(command);
        }}
        onPaste={(event) => {
          const data = event.clipboardData;
          if (!data) return;
          event.preventDefault();
          const file = [...data.files].find(isImage);
          if (file && images) {
            openImage(file);
            return;
          }
          const html = data.getData('text/html');
          if (html && area.current) {
            const template = document.createElement('template');
            template.innerHTML = shownHtml(html);
            const selection = window.getSelection();
            insertAtCaret(
              area.current,
              selection?.rangeCount ? selection.getRangeAt(0) : null,
              template.content,
            );
          } else {
            document.execCommand('insertText', false, data.getData('text/plain'));
          }
          emit();
        }}
        onDragOver={(event) => {
          if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
        }}
        onDrop={(event) => {
          const file = [...(event.dataTransfer?.files ?? [])].find(isImage);
          if (!file) return;
          event.preventDefault();
          openImage(file);
        }}
      />
      <LinkDialog
        open={dialog === 'link'}
        askText={linkAsksText}
        onClose={closeDialog}
        onLink={(href, text) => {
          const at = range.current;
          pending.current = () => {
            if (area.current) insertLink(area.current, href, text, at);
          };
          setDialog(null);
        }}
      />
      {images && (
        <ImageDialog
          open={dialog === 'image'}
          file={dropped}
          onClose={closeDialog}
          onImage={(path, alt, caption) => {
            pending.current = () => {
              if (area.current)
                insertFigure(area.current, range.current, mediaUrl(path) ?? path, alt, caption);
            };
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
