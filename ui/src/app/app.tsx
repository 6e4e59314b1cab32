import { useRoutes } from 'react-router-dom';
import { useCurrentPath } from '@/components/site-link';
import { SiteNavigation } from '@/components/site-navigation';
import ToastHost from '@/islands/toast-host';
import { routesFor } from './routes';

export function App() {
  return useRoutes(routesFor(useCurrentPath()));
}

/** Everything inside #root, the same for the browser and the server renderer. */
export function Site() {
  return (
    <SiteNavigation>
      <App />
      <ToastHost />
    </SiteNavigation>
  );
}
