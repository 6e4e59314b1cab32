import type { ComponentChildren, PartialAnchorHTMLAttributes } from 'preact';
import { createContext } from 'preact';
import { useContext, useMemo } from 'preact/hooks';
import { type NavigateFunction, type Path, useLocation, useNavigate } from 'react-router-dom';

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
 */
interface Navigation {
  pathname: string;
  search: string;
  hash: string;
  navigate: NavigateFunction;
}

const NavigationContext = createContext<Navigation | null>(null);

/** Inside the router, around everything that renders links (the app, and tests). */
export function SiteNavigation({ children }: { children: ComponentChildren }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const value = useMemo(() => ({ pathname, search, hash, navigate }), [pathname, search, hash, navigate]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
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
