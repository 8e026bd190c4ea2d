import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The prerendered public pages are hydrated by their own entry (`@platform/shell/public-page`,
// docs/decisions.md, 87): every page this script starts is rendered in the browser.
// A transition: React renders the first view (and each page once its code arrives) in slices of a few
// milliseconds, yielding to the browser in between, instead of in one long task that blocks input.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
