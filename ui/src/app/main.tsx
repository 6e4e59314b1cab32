import { render } from 'preact';
import { BrowserRouter } from 'react-router-dom';
import { ToastHost } from '@/components/toast-host';
import { startAnimateOnScroll } from '@/lib/animate-on-scroll';
import { App } from './app';
import '@/styles/base.css';
import '@/styles/site.css';

const root = document.getElementById('root');
if (root) {
  startAnimateOnScroll();
  render(
    <BrowserRouter>
      <App />
      <ToastHost />
    </BrowserRouter>,
    root,
  );
}
