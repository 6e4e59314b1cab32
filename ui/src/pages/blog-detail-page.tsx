export function BlogDetailPage() {
  return (
    <section class="page-shell">
      <h1>Blog</h1>
    </section>
  );
}
