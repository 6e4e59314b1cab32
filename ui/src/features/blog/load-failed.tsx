import type { ComponentChildren } from 'preact';
import { blogWords } from './blog-words';

interface LoadFailedProps {
  /** The box it sits in (each page spaces it its own way). */
  class: string;
  message: string;
  onRetry: () => void;
  /** What comes before the message (the detail page's heading). */
  children?: ComponentChildren;
}

/** A list or a post that failed to load: what happened, and a button to load it again. */
export function LoadFailed({ class: className, message, onRetry, children }: LoadFailedProps) {
  return (
    <div class={className}>
      {children}
      <p>{message}</p>
      <button type="button" class="action-button action-button--primary" onClick={onRetry}>
        {blogWords().retryLabel}
      </button>
    </div>
  );
}
