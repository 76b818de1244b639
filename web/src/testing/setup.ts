import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 5 s (default 1 s): the first test of a file loads its lazy
// route chunk, which takes longer than a second when the suite shares two busy cores.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks matchMedia; the app runs in desktop layout unless a test says otherwise.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// jsdom does not implement media playback; tests replace these where they matter.
Object.defineProperty(HTMLMediaElement.prototype, 'play', {
  configurable: true,
  writable: true,
  value: function play() {
    return Promise.resolve();
  },
});
Object.defineProperty(HTMLMediaElement.prototype, 'pause', {
  configurable: true,
  writable: true,
  value: function pause() {},
});

if (typeof window.scrollTo !== 'function' || String(window.scrollTo).includes('not implemented')) {
  window.scrollTo = () => undefined;
}

// Radix primitives measure and capture pointers; jsdom has neither.
if (typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
for (const name of ['hasPointerCapture', 'setPointerCapture', 'releasePointerCapture'] as const) {
  if (typeof Element.prototype[name] !== 'function') {
    Object.defineProperty(Element.prototype, name, { configurable: true, writable: true, value: () => false });
  }
}
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => undefined;
}

afterEach(() => {
  // sonner keeps toasts in a module-wide store and replays active ones to a new Toaster.
  toast.dismiss();
  cleanup();
  // Forget what a test stored: the suite shares one jsdom per thread.
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Forget cookies between tests.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
