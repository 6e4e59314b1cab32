export function HrLabsPage() {
  return (
    <section class="page-shell">
      <h1>HR Labs</h1>
    </section>
  );
}
