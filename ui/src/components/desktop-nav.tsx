import type { MenuItem } from '@/content/types';
import { fieldOf } from '@/lib/page-fields';
import { MenuLink } from './menu-link';
import { NavDropdown } from './nav-dropdown';

/** The header menu from 1024 px up. */
export function DesktopNav({ menu, label }: { menu: readonly MenuItem[]; label: string }) {
  return (
    <nav class="site-nav" aria-label={label}>
      <ul class="site-nav__list">
        {menu.map((item, index) =>
          item.dropdown.length > 0 ? (
            <NavDropdown key={item.id} item={item} />
          ) : (
            <li key={item.id} {...fieldOf(`headerMenu.${index}.name`)}>
              <MenuLink item={item} class="site-nav__link" />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
