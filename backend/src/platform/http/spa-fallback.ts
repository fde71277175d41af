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
