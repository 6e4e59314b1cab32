import type { ParagraphsValue } from '@/lib/page-fields';

/**
 * Copy of a page: the content's plain paragraphs, one <p> each, or the paragraphs the office
 * wrote in the page editor (HTML of the story editor's subset, cleaned by the server's
 * sanitizer when it was saved), as they are.
 */
export function Paragraphs({ items, class: className }: { items: ParagraphsValue; class?: string }) {
  if (!Array.isArray(items)) {
    const { html } = items as { html: string };
    // Cleaned by the server's sanitizer when it was saved, as a story's body is.
    return <div class="office-text" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <>
      {items.map((text) => (
        <p key={text} class={className}>
          {text}
        </p>
      ))}
    </>
  );
}
