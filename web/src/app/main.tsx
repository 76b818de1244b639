// First: configures zod before any imported module builds a schema.
import '@/lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { keepOnePlayerAtATime } from '@/lib/one-player';
import '@/styles/index.css';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('Root element #root is missing');
keepOnePlayerAtATime();

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
