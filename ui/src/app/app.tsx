import { useRoutes } from 'react-router-dom';
import { SiteNavigation, useCurrentPath } from '@/components/site-link';
import { ToastHost } from '@/components/toast-host';
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
