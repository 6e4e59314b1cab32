export function ContactPage() {
  return (
    <section class="page-shell">
      <h1>Contact Us</h1>
    </section>
  );
}
