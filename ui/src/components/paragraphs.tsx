/** Copy from src/content, one <p> per paragraph. */
export function Paragraphs({ items, class: className }: { items: readonly string[]; class?: string }) {
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
