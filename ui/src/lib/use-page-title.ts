import { useEffect } from 'react';
import { siteInfo } from '@/content/site';

/** The browser tab names the page the visitor is on. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title === siteInfo.brandName ? title : `${title} | ${siteInfo.brandName}`;
  }, [title]);
}
