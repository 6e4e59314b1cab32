import type { ComponentChildren, PartialAnchorHTMLAttributes } from 'preact';
import { createContext } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import type { Path } from 'react-router-dom';

/**
 * Links inside the site. React Router's `Link` and `NavLink` each run about ten hooks (the
 * location, the navigator, the route's matches, path resolution) for every link on the
 * page; with some sixty links in the header, drawer and footer that was a third of a page's
 * server render in the embedded engine (src/render/). Here the location and the navigate
 * function are read once, by `SiteNavigation`, and every link reads that one context.
 *
 * The markup and the click behaviour are React Router's: an `<a href>`; a plain left click
 * navigates in the app (a link to the current page replaces the history entry instead of
 * adding one); a modified click, another target or a prevented default is the browser's.
 * `NavLink` adds the class `active` and `aria-current="page"` on the page it leads to, and,
 * without `end`, on the pages below it. Every `to` is a path from the site's root, or
 * `{ search }` for another query of the current page.
 *
 * Two sources give the location: the app's router (`site-navigation.tsx`, the staff's
 * single-page app and the server's render) and, on a public page whose parts hydrate on
 * their own (`lib/island.tsx`), the browser's own location (`PageNavigation`): there a link
 * to another page is the browser's plain navigation, and only a new query of the same page
 * (the blog list's search and pages) stays in the page. This module names no router, so an
 * island carries none.
 */
export interface Navigation {
  pathname: string;
  search: string;
  hash: string;
  /** Goes to `to` (a path with its query); a number moves in the history. */
  navigate: (to: string | number, options?: { replace?: boolean }) => void;
  /** False when the page has no earlier entry of this visit to go back to. */
  canGoBack: boolean;
  /** The app shows every page itself (the router); else another page is the browser's to load. */
  showsEveryPage: boolean;
}

export const NavigationContext = createContext<Navigation | null>(null);

/** The browser's location, read now. */
function here(): Pick<Navigation, 'pathname' | 'search' | 'hash'> {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/**
 * The browser's location for the parts of a page that hydrate on their own: a new query of
 * this page is a history entry of its own (back and forward return to it), and any other
 * path is a page the browser loads.
 */
export function PageNavigation({ children }: { children: ComponentChildren }) {
  const [location, setLocation] = useState(here);
  useEffect(() => {
    const follow = () => setLocation(here());
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, []);
  const value = useMemo<Navigation>(
    () => ({
      ...location,
      canGoBack: sameSiteReferrer(),
      showsEveryPage: false,
      navigate(to, options) {
        if (typeof to === 'number') {
          history.go(to);
          return;
        }
        const target = new URL(to, window.location.href);
        if (target.pathname !== window.location.pathname) {
          if (options?.replace) window.location.replace(target.href);
          else window.location.assign(target.href);
          return;
        }
        history[options?.replace ? 'replaceState' : 'pushState'](null, '', target.href);
        dispatchEvent(new PopStateEvent('popstate'));
      },
    }),
    [location],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/** The page was opened from another page of the site, in this tab (history has it behind). */
function sameSiteReferrer(): boolean {
  if (history.length < 2 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('A site link was rendered outside <SiteNavigation>');
  return navigation;
}

/** The current location's path (the one context read; cheaper than useLocation). */
export function useCurrentPath(): string {
  return useNavigation().pathname;
}

/** The whole location and the way to move: for a page's own query, or going back. */
export function useSiteLocation(): Navigation {
  return useNavigation();
}

/** The current query, and a setter that puts a new one in the address (as a history entry, or in place). */
export function useQuery(): [
  URLSearchParams,
  (next: URLSearchParams, options?: { replace?: boolean }) => void,
] {
  const { pathname, search, navigate } = useNavigation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [
    params,
    (next, options) => {
      const query = next.toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, options);
    },
  ];
}

export type LinkTarget = string | Pick<Partial<Path>, 'search'>;

function hrefOf(to: LinkTarget, current: Navigation): string {
  return typeof to === 'string' ? to : `${current.pathname}${to.search ?? ''}`;
}

type AnchorProps = Omit<
  PartialAnchorHTMLAttributes<HTMLAnchorElement>,
  'href' | 'onClick' | 'children' | 'role'
>;

interface LinkProps extends AnchorProps {
  to: LinkTarget;
  onClick?: (event: MouseEvent) => void;
  children?: ComponentChildren;
}

function followInApp(event: MouseEvent, href: string, target: unknown, current: Navigation) {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    (typeof target === 'string' && target !== '' && target !== '_self') ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey
  ) {
    return;
  }
  // Another page, where the browser loads pages: its own navigation (and its prefetch).
  if (!current.showsEveryPage && new URL(href, window.location.href).pathname !== current.pathname) return;
  event.preventDefault();
  const here = `${current.pathname}${current.search}${current.hash}`;
  current.navigate(href, { replace: href === here });
}

export function Link({ to, onClick, children, ...anchor }: LinkProps) {
  const current = useNavigation();
  const href = hrefOf(to, current);
  return (
    <a
      {...anchor}
      href={href}
      onClick={(event: MouseEvent) => {
        onClick?.(event);
        followInApp(event, href, anchor.target, current);
      }}
    >
      {children}
    </a>
  );
}

interface NavLinkProps extends LinkProps {
  to: string;
  /** Active only on exactly this path, not on the pages below it. */
  end?: boolean;
}

/** React Router's rule: the same path, or (without `end`) a path below it; case ignored. */
export function isActivePath(to: string, pathname: string, end = false): boolean {
  const target = to.toLowerCase();
  const here = pathname.toLowerCase();
  if (here === target) return true;
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return !end && here.startsWith(target) && here.charAt(slash) === '/';
}

export function NavLink({ to, end, class: className, ...rest }: NavLinkProps) {
  const { pathname } = useNavigation();
  const active = isActivePath(to, pathname, end);
  const classes = [className, active ? 'active' : null].filter(Boolean).join(' ');
  return <Link {...rest} to={to} class={classes || undefined} aria-current={active ? 'page' : undefined} />;
}
