import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT } from './sidebar-state';

const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function matches(): boolean {
  if (typeof window === 'undefined') return false;
  if (typeof window.matchMedia === 'function') return window.matchMedia(query).matches;
  return window.innerWidth < MOBILE_BREAKPOINT;
}

/** True below the 768 px breakpoint. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mql = window.matchMedia(query);
    const onChange = () => setMobile(mql.matches);
    onChange();
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, []);
  return mobile;
}
