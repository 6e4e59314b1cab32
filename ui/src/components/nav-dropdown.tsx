import { useCurrentPath } from '@/components/site-link';
import type { MenuItem } from '@/content/types';
import { Icon } from './icon';
import { MenuLink } from './menu-link';
import { useDropdown } from './use-dropdown';

/** A desktop menu item with a submenu (About Us, Business). */
export function NavDropdown({ item }: { item: MenuItem }) {
  const { open, setOpen, close, rootProps } = useDropdown();
  const pathname = useCurrentPath();
  const listId = `submenu-${item.id}`;
  const current = item.dropdown.some((entry) => !entry.external && entry.path === pathname);
  return (
    <li class={open ? 'nav-dropdown nav-dropdown--open' : 'nav-dropdown'} {...rootProps}>
      <button
        type="button"
        class={current ? 'site-nav__link site-nav__trigger active' : 'site-nav__link site-nav__trigger'}
        aria-expanded={open}
        aria-controls={listId}
        // A click or tap opens it (focus usually has already); leaving or Escape closes it.
        onClick={() => setOpen(true)}
      >
        {item.name}
        <Icon name="chevron-down" size={16} class="nav-dropdown__chevron" />
      </button>
      <ul id={listId} class="nav-dropdown__menu" hidden={!open}>
        {item.dropdown.map((entry) => (
          <li key={entry.id}>
            <MenuLink item={entry} class="nav-dropdown__link" onSelect={close} />
          </li>
        ))}
      </ul>
    </li>
  );
}
