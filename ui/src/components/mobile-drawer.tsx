import { useState } from 'preact/hooks';
import { Link } from '@/components/site-link';
import type { MenuItem } from '@/content/types';
import { Icon } from './icon';
import { MenuLink } from './menu-link';
import { ModalDialog } from './modal-dialog';
import { SiteBrand } from './site-brand';
import type { HeaderProps } from './site-header';

/** One submenu open at a time: choosing the open one again closes it. */
export function toggleSection(current: string | null, id: string): string | null {
  return current === id ? null : id;
}

interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
  menu: readonly MenuItem[];
  labels: HeaderProps['labels'];
  brand: string;
}

/**
 * The menu below 1024 px: a side drawer 280 px wide in a modal dialog,
 * so Escape, the backdrop and Tab behave; choosing an entry closes it.
 */
export function MobileDrawer({ open, onClose, menu, labels, brand }: MobileDrawerProps) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const close = () => {
    setExpanded(null);
    onClose();
  };
  return (
    <ModalDialog open={open} onClose={close} id="site-drawer" class="drawer" label={labels.drawer}>
      <div class="drawer__panel">
        <div class="drawer__head">
          <Link to="/" class="drawer__brand" onClick={close}>
            <SiteBrand name={brand} />
          </Link>
          <button type="button" class="icon-button" onClick={close} autofocus>
            <Icon name="x" />
            <span class="visually-hidden">{labels.closeMenu}</span>
          </button>
        </div>
        <nav aria-label={labels.mainNav}>
          <ul class="drawer__list">
            {menu.map((item) => {
              if (item.dropdown.length === 0) {
                return (
                  <li key={item.id}>
                    <MenuLink item={item} class="drawer__link" onSelect={close} />
                  </li>
                );
              }
              const isOpen = expanded === item.id;
              const listId = `drawer-submenu-${item.id}`;
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    class="drawer__link drawer__toggle"
                    aria-expanded={isOpen}
                    aria-controls={listId}
                    onClick={() => setExpanded((current) => toggleSection(current, item.id))}
                  >
                    {item.name}
                    <Icon name="chevron-down" size={18} class="drawer__chevron" />
                  </button>
                  <ul id={listId} class="drawer__sublist" hidden={!isOpen}>
                    {item.dropdown.map((entry) => (
                      <li key={entry.id}>
                        <MenuLink item={entry} class="drawer__sublink" onSelect={close} />
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </ModalDialog>
  );
}
