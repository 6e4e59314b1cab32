import type { ComponentChildren } from 'preact';
import { NavLink } from '@/components/site-link';
import type { MenuItem } from '@/content/types';
import { liveUrl } from './live-url';

interface MenuLinkProps {
  item: MenuItem;
  class?: string;
  onSelect?: () => void;
  children?: ComponentChildren;
}

/** A menu entry: a router link for our pages, a plain link (same window) for a sister site. */
export function MenuLink({ item, class: className, onSelect, children }: MenuLinkProps) {
  if (item.external) {
    return (
      <a class={className} href={liveUrl(item.path)} onClick={onSelect}>
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
