import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { type Navigation, NavigationContext } from './site-link';

/**
 * The router's location for every site link inside it: the app (the staff's screens, a page
 * the app shows after a move inside it) and the server's render of every page.
 */
export function SiteNavigation({ children }: { children: ComponentChildren }) {
  const { pathname, search, hash, key } = useLocation();
  const navigate = useNavigate();
  const value = useMemo<Navigation>(
    () => ({
      pathname,
      search,
      hash,
      navigate: (to, options) => (typeof to === 'number' ? navigate(to) : navigate(to, options)),
      // React Router gives the first entry of a visit the key "default": nothing to go back to.
      canGoBack: key !== 'default',
      showsEveryPage: true,
    }),
    [pathname, search, hash, key, navigate],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}
