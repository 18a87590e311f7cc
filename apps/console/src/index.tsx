import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupListeners } from '@reduxjs/toolkit/query';
import './app/console.css';
import { App } from './app/app.tsx';
import { makeStore } from './app/store.ts';
import { createConsoleI18n } from './lib/i18n.ts';

const root = document.getElementById('root');
if (root) {
  const store = makeStore();
  setupListeners(store.dispatch);
  createRoot(root).render(
    <StrictMode>
      <App store={store} i18n={createConsoleI18n()} />
    </StrictMode>,
  );
}
