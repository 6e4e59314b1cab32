import { Link } from 'react-router-dom';

const screens = [
  { path: '/staff', label: 'Inbox' },
  { path: '/staff/settings', label: 'Company details' },
] as const;

/** The staff screens, one link each; the current one is marked for screen readers too. */
export function StaffNav({ current }: { current: string }) {
  return (
    <nav class="staff-nav" aria-label="Staff">
      <ul class="staff-nav__list">
        {screens.map((screen) => (
          <li key={screen.path}>
            <Link
              to={screen.path}
              class="staff-nav__link"
              aria-current={screen.path === current ? 'page' : undefined}
            >
              {screen.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
