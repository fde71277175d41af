/**
 * The browser tab's title for the page rendering it: "Pricing · Tallyline" (WCAG 2.4.2, and how a tab or
 * a bookmark is told apart). React 19 hoists a rendered <title> into <head>; a prerendered page gets it in its
 * HTML (scripts/prerender.mjs moves it there).
 */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} · Tallyline`}</title>;
}
