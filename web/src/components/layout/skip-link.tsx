import { MAIN_CONTENT_ID } from '@/config/paths';

/** First focusable element of every layout: jumps past the navigation to `<main>`. */
export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="sw-skip-link">
      Zum Inhalt springen
    </a>
  );
}
