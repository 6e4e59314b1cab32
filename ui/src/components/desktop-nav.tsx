import { headerLabels, headerMenu } from '@/content/navigation';
import { edited, fieldOf } from '@/lib/page-fields';
import { MenuLink } from './menu-link';
import { NavDropdown } from './nav-dropdown';

/** The header menu from 1024 px up. */
export function DesktopNav() {
  return (
    <nav class="site-nav" aria-label={edited('header', 'headerLabels', headerLabels).mainNav}>
      <ul class="site-nav__list">
        {edited('header', 'headerMenu', headerMenu).map((item, index) =>
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
