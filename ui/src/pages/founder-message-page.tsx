export function FounderMessagePage() {
  return (
    <section class="page-shell">
      <h1>Chairman's Message</h1>
    </section>
  );
}
