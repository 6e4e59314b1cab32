/** Our monogram and the company's name: the logo in the header, the drawer and the footer. */
export function SiteBrand({ name, inverted = false }: { name: string; inverted?: boolean }) {
  return (
    <span class={inverted ? 'site-brand site-brand--inverted' : 'site-brand'}>
      <svg
        class="site-brand__mark"
        width="36"
        height="36"
        viewBox="0 0 36 36"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="36" height="36" rx="9" class="site-brand__tile" />
        <path d="M12 9h13v4.2h-8.4v3.6h7.2V21h-7.2v6H12z" class="site-brand__letter" />
        <circle cx="26" cy="26" r="2.6" class="site-brand__dot" />
      </svg>
      <span class="site-brand__name">{name}</span>
    </span>
  );
}
