import { headerLabels, headerMenu } from '@/content/navigation';
import type { MenuItem } from '@/content/types';
import { companyDetails } from '@/lib/company-details';
import { edited } from '@/lib/page-fields';
import { liveUrl } from './live-url';
import type { HeaderProps } from './site-header';

/** Another site's entry at the address the company's details give it. */
function live(item: MenuItem): MenuItem {
  return {
    ...item,
    path: item.external ? liveUrl(item.path) : item.path,
    dropdown: item.dropdown.map(live),
  };
}

/**
 * What the header shows, worked out where the page is rendered: the office's menu and words
 * over the content's, each other site at its live address, the company's name. The header's
 * island gets them as props, so its code carries none of the content, details or editor's
 * values it was made from.
 */
export function headerProps(): HeaderProps {
  return {
    menu: edited('header', 'headerMenu', headerMenu).map(live),
    labels: edited('header', 'headerLabels', headerLabels),
    brand: companyDetails().company_name,
  };
}
