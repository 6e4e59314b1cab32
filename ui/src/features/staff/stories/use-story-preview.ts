import { useEffect, useState } from 'preact/hooks';
import { type BodyFormat, storyApi } from './story-api';

/** How long the body rests before the preview asks the server again. */
const PREVIEW_DELAY_MS = 400;

/** The body as the server renders it (sanitized HTML) and its reading time, once typing rests. */
export function useStoryPreview(body: string, format: BodyFormat) {
  const [preview, setPreview] = useState({ html: '', min_read: '' });
  useEffect(() => {
    if (!body.trim()) {
      setPreview({ html: '', min_read: '' });
      return;
    }
    const timer = setTimeout(() => {
      storyApi.preview(body, format).then(setPreview, () => {});
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [body, format]);
  return preview;
}
