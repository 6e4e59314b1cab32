import { render } from 'preact';
import { BrowserRouter } from 'react-router-dom';
import { ToastHost } from '@/components/toast';
import { App } from './app';
import '@/styles/base.css';

const root = document.getElementById('root');
if (root) {
  render(
    <BrowserRouter>
      <App />
      <ToastHost />
    </BrowserRouter>,
    root,
  );
}
