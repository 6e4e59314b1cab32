import { useEffect } from 'preact/hooks';
import { usePageTitle } from '@/lib/use-page-title';

/** A staff page: its title, and `noindex` for as long as it is shown. */
export function useStaffPage(title: string): void {
  usePageTitle(title);
  useEffect(() => {
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    document.head.append(robots);
    return () => robots.remove();
  }, []);
}
