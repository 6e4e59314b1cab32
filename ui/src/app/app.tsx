import { useRoutes } from 'react-router-dom';
import { ToastHost } from '@/components/toast-host';
import { routes } from './routes';

export function App() {
  return useRoutes(routes);
}

/** Everything inside #root, the same for the browser and the server renderer. */
export function Site() {
  return (
    <>
      <App />
      <ToastHost />
    </>
  );
}
