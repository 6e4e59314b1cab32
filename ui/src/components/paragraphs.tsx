import type { ParagraphsValue } from '@/lib/page-fields';

/**
 * Copy of a page: the content's plain paragraphs, one <p> each, or the paragraphs the office
 * wrote in the page editor (HTML of the story editor's subset, cleaned by the server's
 * sanitizer when it was saved), as they are. `field` ties them to their field in a preview.
 */
export function Paragraphs({
  items,
  class: className,
  field,
}: {
  items: ParagraphsValue;
  class?: string;
  field?: Record<string, string>;
}) {
  if ('html' in items) {
    // Cleaned by the server's sanitizer when it was saved, as a story's body is.
    return <div class="office-text" {...field} dangerouslySetInnerHTML={{ __html: items.html.join('') }} />;
  }
  return (
    <>
      {items.map((text) => (
        <p key={text} class={className} {...field}>
          {text}
        </p>
      ))}
    </>
  );
}
