import { useState } from 'preact/hooks';
import { Link } from '@/components/site-link';
import { headerLabels } from '@/content/navigation';
import { edited } from '@/lib/page-fields';
import { DesktopNav } from './desktop-nav';
import { Icon } from './icon';
import { MobileDrawer } from './mobile-drawer';
import { SiteBrand } from './site-brand';

export function SiteHeader() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header class="site-header">
      <div class="site-header__inner">
        <Link to="/" class="site-header__brand">
          <SiteBrand />
        </Link>
        <DesktopNav />
        <button
          type="button"
          class="icon-button site-header__menu-button"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          aria-controls="site-drawer"
          onClick={() => setDrawerOpen(true)}
        >
          <Icon name="menu" />
          <span class="visually-hidden">{edited('header', 'headerLabels', headerLabels).openMenu}</span>
        </button>
      </div>
      <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </header>
  );
}
