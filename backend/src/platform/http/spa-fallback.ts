import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface WebApp {
  /** URL prefix without trailing slash: '' for the dashboard, '/admin' for the back-office. */
  prefix: string;
  distDir: string;
}

/** Client-side routes: any unknown GET under an app's prefix answers that app's index.html. */
export class SpaFallback {
  private readonly indexes = new Map<string, string>();

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
    let html = this.indexes.get(app.prefix);
    if (html === undefined) {
      html = readFileSync(join(app.distDir, 'index.html'), 'utf8');
      this.indexes.set(app.prefix, html);
    }
    await reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
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
