import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from './url-path.js';

export interface WebApp {
  /** URL prefix without trailing slash: '' for the dashboard, '/admin' for the back-office. */
  prefix: string;
  distDir: string;
}

/**
 * Client-side routes: any unknown GET (or HEAD) under an app's prefix answers that app's index.html, or, when the build
 * prerendered the dashboard's public pages (dashboard-web's scripts/prerender.mjs), the empty shell
 * `spa.html`: index.html is then the prerendered home page, and each other page has a route of its own.
 */
export class SpaFallback {
  private readonly indexes = new Map<string, string>();
  private pages: RegExp[] | null | undefined;

  constructor(private readonly apps: WebApp[]) {}

  available(): WebApp[] {
    return this.apps.filter((app) => existsSync(join(app.distDir, 'index.html')));
  }

  serves(request: FastifyRequest): boolean {
    const path = pathOf(request.url);
    // `/api` itself is the dashboard's API documentation page; everything below it is the API, as is the
    // Stripe-compatible /v1.
    const api = path.startsWith('/api/') || path === '/v1' || path.startsWith('/v1/');
    // HEAD answers as GET would, without the body (a link checker's probe, curl -I).
    return (request.method === 'GET' || request.method === 'HEAD') && !api && this.appFor(request.url) !== undefined;
  }

  /** The app's page for the URL, with `status`: its router then shows what it has for the path (its not-found page). */
  send(request: FastifyRequest, reply: FastifyReply, status = 200): void {
    const app = this.appFor(request.url)!;
    let html = this.indexes.get(app.prefix);
    if (html === undefined) {
      const shell = join(app.distDir, 'spa.html');
      html = readFileSync(existsSync(shell) ? shell : join(app.distDir, 'index.html'), 'utf8');
      this.indexes.set(app.prefix, html);
    }
    void reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }

  /**
   * What a path with no route of its own is: a page of the app's (200) or nothing (404, the app showing
   * its not-found page). The dashboard's are its prerendered pages (here with a trailing slash) and the
   * client-only pages its build lists (without that list, every path, as before it existed); the
   * back-office's router (react-admin's resources) is its own.
   */
  pageStatus(request: FastifyRequest): 200 | 404 {
    const app = this.appFor(request.url);
    if (app?.prefix !== '') return 200;
    if (this.pages === undefined) {
      const clientOnly = clientOnlyPages(app.distDir);
      this.pages = clientOnly && [...clientOnly, ...this.prerenderedRoutes().map((page) => wouterPattern(page.path))];
    }
    const path = pathOf(request.url);
    return this.pages === null || this.pages.some((page) => page.test(path)) ? 200 : 404;
  }

  /**
   * The dashboard's prerendered pages, to be served on routes of their own: `/` → index.html,
   * `/merchant-application/form` → merchant-application/form.html. None unless the build prerendered
   * (it then wrote the shell).
   */
  prerenderedRoutes(): { path: string; file: string; distDir: string }[] {
    const dashboard = this.available().find((app) => app.prefix === '');
    if (!dashboard || !existsSync(join(dashboard.distDir, 'spa.html'))) return [];
    return readdirSync(dashboard.distDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html') && file !== 'spa.html')
      .map((file) => ({ path: file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`, file, distDir: dashboard.distDir }));
  }

  private appFor(url: string): WebApp | undefined {
    const path = pathOf(url);
    return this.available()
      .filter((app) => app.prefix === '' || path === app.prefix || path.startsWith(`${app.prefix}/`))
      .sort((a, b) => b.prefix.length - a.prefix.length)[0];
  }
}

/** The build's list of the dashboard's pages rendered in the browser only (dashboard-web's page-routes.ts). */
function clientOnlyPages(distDir: string): RegExp[] | null {
  const file = join(distDir, '.client-only-routes.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]).map(wouterPattern) : null;
}

/** `/pay/:id`, `/dashboard/:tab?` as an expression; a trailing slash matches too, as in wouter. */
function wouterPattern(pattern: string): RegExp {
  const source = pattern.replace(/\/:\w+(\?)?/g, (_, optional: string | undefined) => (optional ? '(?:/[^/]+)?' : '/[^/]+'));
  return new RegExp(`^${source === '/' ? '' : source}/?$`);
}
