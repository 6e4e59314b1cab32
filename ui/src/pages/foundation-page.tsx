export function FoundationPage() {
  return (
    <section class="page-shell">
      <h1>Shilpa Foundation</h1>
    </section>
  );
}
