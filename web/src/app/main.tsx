import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { z } from 'zod';
import '@/styles/index.css';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

// zod 4 probes `new Function` for its JIT parser, which the Content-Security-Policy
// forbids (a console error on every form page); the interpreter is fast enough here.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('Root element #root is missing');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
