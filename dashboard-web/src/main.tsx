import { StrictMode } from 'react';
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
if (container.dataset.prerendered === window.location.pathname && window.location.search === '') hydrateRoot(container, app);
else createRoot(container).render(app);
