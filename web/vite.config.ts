/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Rust API serves web/dist with an index.html fallback; in development the
// Vite server forwards /api to it.
export default defineConfig(({ mode }) => ({
  plugins: mode === 'test' ? [react()] : [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so a deploy of app code does not invalidate them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
            { name: 'radix', test: /node_modules[\\/](@radix-ui|radix-ui)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // The whole suite shares two cores with the Rust build in CI: a page test that types
    // and clicks through many steps can take seconds there. Slow is not wrong.
    testTimeout: 15_000,
    // Most of a page test's time is waiting (debounces, polling, user-event delays), so
    // four threads on two cores overlap the waits; and one jsdom per thread instead of
    // one per file (testing-library cleans the DOM and restoreMocks the mocks after each
    // test). 90 s became 23 s here.
    pool: 'threads',
    maxWorkers: 4,
    isolate: false,
  },
}));
