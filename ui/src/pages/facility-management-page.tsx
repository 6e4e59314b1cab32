export function FacilityManagementPage() {
  return (
    <section class="page-shell">
      <h1>Facility Management Services</h1>
    </section>
  );
}
