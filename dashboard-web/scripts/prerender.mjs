// After `vite build` (client, with its manifest) and `vite build --ssr src/entry-server.tsx`: writes each
// public page as HTML the browser can paint before any script runs, React hydrating it afterwards.
//   dist/index.html      the home page, prerendered (what the server sends for /)
//   dist/<route>.html    every other prerendered page (the server's SPA fallback sends it for /<route>)
//   dist/spa.html        the empty shell, for every other client-side route (dashboard, 404, …)
//   dist/.client-only-routes.json  those other pages' routes: the server answers 404 for a path that is none
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dist, ssrEntry] = process.argv.slice(2);
if (!dist || !ssrEntry) {
  console.error('usage: node scripts/prerender.mjs <dist dir> <built entry-server.js>');
  process.exit(2);
}
const { CLIENT_ONLY_ROUTES, PRERENDERED_ROUTES, renderPage } = await import(pathToFileURL(ssrEntry).href);
const shell = await readFile(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8'));

/** The chunk of a lazily loaded page and every chunk it imports statically, minus those index.html loads already. */
function chunksOf(module) {
  const seen = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry || seen.has(entry.file)) return;
    seen.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit(module);
  if (seen.size === 0) throw new Error(`${module} is not in the build's manifest: update PRERENDERED_ROUTES`);
  return [...seen].filter((file) => !shell.includes(`/${file}"`));
}

// Typing into a server-rendered field before React hydrates it is lost (forms reset their fields when
// they register them), so the prerendered controls are disabled until then; SiteLayout enables them.
const disableControls = (html) =>
  html
    .replace(/<(input|button|textarea|select)\b(?![^>]*\sdisabled[\s=>])/g, '<$1 disabled="" data-prerender-disabled=""')
    // Widgets that are not form controls (MUI's Select is a div with role="combobox") get aria-disabled,
    // which assistive technology and Playwright's actionability checks honour.
    .replace(/<(div|span|li)\b(?=[^>]*\srole="(?:combobox|button|tab)")(?![^>]*\saria-disabled=)/g, '<$1 aria-disabled="true" data-prerender-aria-disabled=""');

// A prerendered page paints from its HTML and inline styles alone: its scripts (hydration) are fetched at low
// priority so that they never compete with what the first paint needs (Lighthouse's simulation otherwise
// counts every high-priority script that arrived before the paint as render-blocking). The SPA shell paints
// nothing without them and keeps their default priority.
const lowPriority = (html) => html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');

if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no <div id="root"></div> to fill');
await writeFile(join(dist, 'spa.html'), shell);
await writeFile(join(dist, '.client-only-routes.json'), JSON.stringify(CLIENT_ONLY_ROUTES));
for (const [route, module] of Object.entries(PRERENDERED_ROUTES)) {
  const rendered = await renderPage(route);
  // React writes the page's <title> (components/page/PageTitle) ahead of its markup: it belongs in <head>, in place of the shell's.
  const title = /^<title>[^<]*<\/title>/.exec(rendered.html)?.[0];
  if (!title) throw new Error(`${route}: the page renders no <title> (PageTitle)`);
  const html = rendered.html.slice(title.length);
  const { styles } = rendered;
  const preloads = chunksOf(module).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  const page = lowPriority(shell.replace(/<title>[^<]*<\/title>/, title).replace('</head>', `${preloads}${styles}</head>`))
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${route}">${disableControls(html)}</div>`);
  const file = route === '/' ? join(dist, 'index.html') : join(dist, `${route.slice(1)}.html`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page);
}
// The manifest served its purpose; it need not be public.
await rm(join(dist, '.vite'), { recursive: true });
console.log(`prerendered ${Object.keys(PRERENDERED_ROUTES).length} pages in ${dist}`);
