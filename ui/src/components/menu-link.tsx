import type { ComponentChildren } from 'preact';
import { NavLink } from '@/components/site-link';
import type { MenuItem } from '@/content/types';

interface MenuLinkProps {
  item: MenuItem;
  class?: string;
  onSelect?: () => void;
  children?: ComponentChildren;
}

/** A menu entry: a site link for our pages, a plain link (same window) for a sister site, whose
 * `path` is already its live address (`headerProps`). */
export function MenuLink({ item, class: className, onSelect, children }: MenuLinkProps) {
  if (item.external) {
    return (
      <a class={className} href={item.path} onClick={onSelect}>
        {children ?? item.name}
      </a>
    );
  }
  return (
    <NavLink class={className} to={item.path} end={item.path === '/'} onClick={onSelect}>
      {children ?? item.name}
    </NavLink>
  );
}
