export function JoinUsPage() {
  return (
    <section class="page-shell">
      <h1>Join Us</h1>
    </section>
  );
}
