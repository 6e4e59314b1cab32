export function AboutPage() {
  return (
    <section class="page-shell">
      <h1>Who we are</h1>
    </section>
  );
}
