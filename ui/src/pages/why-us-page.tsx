export function WhyUsPage() {
  return (
    <section class="page-shell">
      <h1>Why Us</h1>
    </section>
  );
}
