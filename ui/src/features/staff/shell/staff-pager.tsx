/** Previous and next page of a staff list; nothing when everything fits on one page. */
export function StaffPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav class="inbox-pages" aria-label="Pages">
      <button type="button" class="staff-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <button type="button" class="staff-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
