export function ProjectsPage() {
  return (
    <section class="page-shell">
      <h1>Projects</h1>
    </section>
  );
}
