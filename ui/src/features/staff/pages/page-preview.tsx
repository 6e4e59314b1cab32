import { useEffect, useRef, useState } from 'preact/hooks';
import { pagesApi } from './pages-api';

/** The widths the preview shows the page at: a phone, a tablet, a laptop. */
export const PREVIEW_WIDTHS = [390, 768, 1280] as const;
type Width = (typeof PREVIEW_WIDTHS)[number];

interface PagePreviewProps {
  pageKey: string;
  title: string;
  /** Moves on with each save: the frame loads the saved draft again. */
  version: number;
  /** A click on an element of the page that shows a field (`data-field`): that field's path. */
  onField: (path: string) => void;
}

/**
 * The page as its saved draft shows it, rendered by the server (the preview endpoint) in a
 * frame that runs no script (`sandbox` with the same origin only, so the editor can listen to
 * its clicks), at a phone's, a tablet's or a laptop's width, scaled to fit the pane. A click
 * on a text or a picture of the page goes to its field.
 */
export function PagePreview({ pageKey, title, version, onField }: PagePreviewProps) {
  const [width, setWidth] = useState<Width>(390);
  const pane = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(0);
  const [height, setHeight] = useState(800);

  useEffect(() => {
    const element = pane.current;
    if (!element) return;
    const measure = () => setRoom(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = room > 0 ? Math.min(1, room / width) : 1;
  const onLoad = (event: Event) => {
    const frame = event.currentTarget as HTMLIFrameElement;
    const doc = frame.contentDocument;
    if (!doc) return;
    setHeight(Math.min(4000, Math.max(600, doc.documentElement.scrollHeight)));
    doc.addEventListener('click', (click) => {
      const target = click.target as Element | null;
      const shown = target?.closest?.('[data-field]');
      // Every click in the preview stays in the editor: no link of the page is followed.
      click.preventDefault();
      const path = shown?.getAttribute('data-field');
      if (path) onField(path);
    });
  };

  return (
    <section class="staff-editor__preview page-preview" aria-labelledby="page-preview-title">
      <div class="page-preview__head">
        <h2 id="page-preview-title" class="staff-editor__preview-title">
          Preview of the saved draft
        </h2>
        <fieldset class="page-preview__widths">
          <legend class="visually-hidden">Preview width</legend>
          {PREVIEW_WIDTHS.map((option) => (
            <label key={option} class="page-preview__width">
              <input
                type="radio"
                name="page-preview-width"
                value={option}
                checked={width === option}
                onChange={() => setWidth(option)}
              />
              {option} px
            </label>
          ))}
        </fieldset>
      </div>
      <p class="page-preview__hint">Click a text or a picture in the preview to edit it.</p>
      <div class="page-preview__pane" ref={pane} style={{ height: `${Math.ceil(height * scale)}px` }}>
        <iframe
          key={`${version}-${width}`}
          class="page-preview__frame"
          title={`${title}, as the saved draft shows it at ${width} px`}
          src={pagesApi.previewUrl(pageKey)}
          sandbox="allow-same-origin"
          width={width}
          height={height}
          style={{ transform: `scale(${scale})` }}
          onLoad={onLoad}
        />
      </div>
    </section>
  );
}
