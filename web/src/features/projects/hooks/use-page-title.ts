import { useEffect } from 'react';

/**
 * Names the browser tab after what the page shows ("<title> – Stimmwerk"), for a page whose
 * title is data (a project) rather than the route table's fixed one. The route's own title
 * stands until the data is there; the next navigation sets its route's title again.
 */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} – Stimmwerk`;
  }, [title]);
}
