import { Link } from 'react-router-dom';
import { shellNavigation } from '@/content/shell';

export function SiteFooter() {
  return (
    <footer class="site-footer">
      <nav aria-label="Footer">
        <ul class="site-footer__links">
          {shellNavigation.footer.map((item) => (
            <li key={item.path}>
              <Link to={item.path}>{item.name}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p class="site-footer__copyright">
        © {shellNavigation.copyrightYear} {shellNavigation.brand}
      </p>
    </footer>
  );
}
