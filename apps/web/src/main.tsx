import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StartupCheck } from './startup-check.js';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StartupCheck csrf={root.dataset.csrf ?? null} token={root.dataset.token || null} />
    </StrictMode>,
  );
}
