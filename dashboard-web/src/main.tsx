import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The build prerenders public pages (entry-server.tsx) without a query string; any other address (a
// shared link with ?tab=…, the SPA fallback page) renders from scratch, replacing what is there.
// Hydrating in a transition lets React yield to the browser every few milliseconds instead of holding the
// main thread for the whole page (the prerendered HTML is already painted): on a slow phone one long task
// became many short ones, and a click during hydration is handled first.
if (container.dataset.prerendered === window.location.pathname && window.location.search === '') startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
