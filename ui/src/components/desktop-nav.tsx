import { headerMenu } from '@/content/navigation';
import { MenuLink } from './menu-link';
import { NavDropdown } from './nav-dropdown';

/** The header menu from 1024 px up. */
export function DesktopNav() {
  return (
    <nav class="site-nav" aria-label="Main">
      <ul class="site-nav__list">
        {headerMenu.map((item) =>
          item.dropdown.length > 0 ? (
            <NavDropdown key={item.id} item={item} />
          ) : (
            <li key={item.id}>
              <MenuLink item={item} class="site-nav__link" />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
