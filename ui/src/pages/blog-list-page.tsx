export function BlogListPage() {
  return (
    <section class="page-shell">
      <h1>Blogs</h1>
    </section>
  );
}
