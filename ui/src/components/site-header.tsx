import { Link, NavLink } from 'react-router-dom';
import { shellNavigation } from '@/content/shell';

export function SiteHeader() {
  return (
    <header class="site-header">
      <div class="site-header__inner">
        <Link to="/" class="site-header__brand">
          {shellNavigation.brand}
        </Link>
        <nav aria-label="Main">
          <ul class="site-header__menu">
            {shellNavigation.header.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} end={item.path === '/'}>
                  {item.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
