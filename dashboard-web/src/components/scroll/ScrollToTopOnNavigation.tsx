import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A link to another page opens it at its top, as a full page load would: the router kept the scroll
 * position, so a footer link opened the next page at its footer and looked like it did nothing. Back and
 * Forward keep the browser's own restoring; a #anchor is left to the page that has it.
 */
export function ScrollToTopOnNavigation() {
  const [path] = useLocation();
  const shown = useRef(path);
  const wentBack = useRef(false);
  useEffect(() => {
    const onPopState = () => {
      wentBack.current = true;
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  useEffect(() => {
    if (shown.current === path) return;
    shown.current = path;
    if (!wentBack.current && !window.location.hash) window.scrollTo(0, 0);
    wentBack.current = false;
  }, [path]);
  return null;
}
