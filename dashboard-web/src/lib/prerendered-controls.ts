/** Marks a part of a prerendered page that React hydrates after the page (components/load-when-near). */
export const HYDRATES_LATER = 'data-hydrates-later';

/**
 * Enables the form controls and widgets that scripts/prerender.mjs disabled in a prerendered page (text typed
 * into a field before React hydrates it would be reset, a click on a select or a tab would do nothing), once
 * React has hydrated `root`: all of them but those in a part of it that hydrates later, which enables its own.
 */
export function enablePrerenderedControls(root: Document | Element) {
  const owner = root instanceof Element ? root : null;
  const ours = (element: Element) => element.closest(`[${HYDRATES_LATER}]`) === owner;
  for (const control of root.querySelectorAll('[data-prerender-disabled]')) {
    if (!ours(control)) continue;
    control.removeAttribute('disabled');
    control.removeAttribute('data-prerender-disabled');
  }
  for (const widget of root.querySelectorAll('[data-prerender-aria-disabled]')) {
    if (!ours(widget)) continue;
    widget.removeAttribute('aria-disabled');
    widget.removeAttribute('data-prerender-aria-disabled');
  }
}
