export function GalleryPage() {
  return (
    <section class="page-shell">
      <h1>Art &amp; Media</h1>
    </section>
  );
}
