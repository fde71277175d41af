import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface WebApp {
  /** URL prefix without trailing slash: '' for the dashboard, '/admin' for the back-office. */
  prefix: string;
  distDir: string;
}

/**
 * Client-side routes: any unknown GET under an app's prefix answers that app's index.html, or rather, when
 * the build wrote them (dashboard-web's scripts/prerender.mjs), the page prerendered for that path
 * (`<path>.html`) or else the empty shell `spa.html` (index.html is then the prerendered home page).
 */
export class SpaFallback {
  private readonly indexes = new Map<string, string>();
  private pages: Set<string> | undefined;

  constructor(private readonly apps: WebApp[]) {}

  available(): WebApp[] {
    return this.apps.filter((app) => existsSync(join(app.distDir, 'index.html')));
  }

  serves(request: FastifyRequest): boolean {
    const path = pathOf(request.url);
    // `/api` itself is the dashboard's API documentation page; everything below it is the API.
    return request.method === 'GET' && !path.startsWith('/api/') && this.appFor(request.url) !== undefined;
  }

  async send(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const app = this.appFor(request.url)!;
    const prerendered = this.prerenderedPage(app, pathOf(request.url));
    // Through @fastify/static (decorated for the dashboard only): its .br/.gz and cache headers.
    if (prerendered) return void (await reply.status(200).sendFile(prerendered, app.distDir));
    let html = this.indexes.get(app.prefix);
    if (html === undefined) {
      const shell = join(app.distDir, 'spa.html');
      html = readFileSync(existsSync(shell) ? shell : join(app.distDir, 'index.html'), 'utf8');
      this.indexes.set(app.prefix, html);
    }
    await reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }

  /** The dashboard's prerendered pages as routes of their own: `/` → index.html, `/merchant-application/form` → `merchant-application/form.html`. */
  prerenderedRoutes(): { path: string; file: string; distDir: string }[] {
    const dashboard = this.available().find((app) => app.prefix === '');
    if (!dashboard) return [];
    return [...this.htmlFiles(dashboard)]
      .map((file) => ({ path: file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`, file, distDir: dashboard.distDir }))
      .filter((page) => this.prerenderedPage(dashboard, page.path) === page.file);
  }

  /** `pricing.html` for /pricing when the build prerendered pages (it then wrote spa.html); the dashboard's HTML files, listed once. */
  private prerenderedPage(app: WebApp, path: string): string | undefined {
    if (app.prefix !== '') return undefined;
    // / arrives here too when @fastify/static does not answer it (seen with preCompressed on).
    const file = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
    return this.htmlFiles(app).has(file) && existsSync(join(app.distDir, 'spa.html')) ? file : undefined;
  }

  /** The dashboard's HTML files but the shell, listed once. */
  private htmlFiles(app: WebApp): Set<string> {
    this.pages ??= new Set(
      readdirSync(app.distDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html') && file !== 'spa.html'),
    );
    return this.pages;
  }

  private appFor(url: string): WebApp | undefined {
    const path = pathOf(url);
    return this.available()
      .filter((app) => app.prefix === '' || path === app.prefix || path.startsWith(`${app.prefix}/`))
      .sort((a, b) => b.prefix.length - a.prefix.length)[0];
  }
}

/** The URL without its query string. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
