export function RealEstatePage() {
  return (
    <section class="page-shell">
      <h1>Real Estate</h1>
    </section>
  );
}
