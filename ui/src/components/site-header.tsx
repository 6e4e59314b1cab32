import { useState } from 'preact/hooks';
import { Link } from '@/components/site-link';
import type { headerLabels } from '@/content/navigation';
import type { MenuItem } from '@/content/types';
import { DesktopNav } from './desktop-nav';
import { Icon } from './icon';
import { MobileDrawer } from './mobile-drawer';
import { SiteBrand } from './site-brand';

export interface HeaderProps {
  /** The menu, each other site's entry at its live address (`headerProps`). */
  menu: readonly MenuItem[];
  labels: { readonly [K in keyof typeof headerLabels]: string };
  /** The company's name, beside the monogram. */
  brand: string;
}

export function SiteHeader({ menu, labels, brand }: HeaderProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header class="site-header">
      <div class="site-header__inner">
        <Link to="/" class="site-header__brand">
          <SiteBrand name={brand} />
        </Link>
        <DesktopNav menu={menu} label={labels.mainNav} />
        <button
          type="button"
          class="icon-button site-header__menu-button"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          aria-controls="site-drawer"
          onClick={() => setDrawerOpen(true)}
        >
          <Icon name="menu" />
          <span class="visually-hidden">{labels.openMenu}</span>
        </button>
      </div>
      <MobileDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        menu={menu}
        labels={labels}
        brand={brand}
      />
    </header>
  );
}
