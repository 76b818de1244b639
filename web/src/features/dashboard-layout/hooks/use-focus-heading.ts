import { useEffect } from 'react';

/**
 * After a navigation (and after sign-in, which is one), moves the focus to the new
 * screen's `<h1 data-page-heading>` inside `main`, so it does not stay on
 * `document.body` or on a link that is gone. Leaves the focus alone when the person is
 * already working inside the page. Screens load lazily, so it waits up to 3 s for the heading.
 */
export function useFocusHeadingOnNavigate(pathname: string) {
  useEffect(() => {
    let frame = 0;
    const deadline = performance.now() + 3_000;
    const tryFocus = () => {
      const main = document.querySelector('main');
      const active = document.activeElement;
      if (main && active && active !== document.body && main.contains(active)) return;
      const heading = main?.querySelector<HTMLElement>('[data-page-heading]');
      if (heading) {
        heading.focus({ preventScroll: true });
        return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
