export function HomePage() {
  return (
    <section class="page-shell">
      <h1>Fidelitus Corp</h1>
    </section>
  );
}
