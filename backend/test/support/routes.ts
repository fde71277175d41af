import { RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import type { INestApplication } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { IS_PUBLIC } from '../../src/platform/auth/auth.decorators.js';

export interface RouteInfo {
  /** `GET /api/admin/merchants/:id` */
  route: string;
  method: string;
  path: string;
  isPublic: boolean;
  /** Guards a controller or handler adds itself (authentication belongs to the global guard). */
  ownGuards: number;
}

/** Every HTTP route the Nest router serves, from the controllers' metadata. */
export function listRoutes(app: INestApplication, prefix = '/api'): RouteInfo[] {
  const reflector = app.get(Reflector);
  const scanner = new MetadataScanner();
  const join = (...parts: string[]) => `/${parts.flatMap((p) => p.split('/')).filter(Boolean).join('/')}`;
  return app
    .get(DiscoveryService)
    .getControllers()
    .flatMap(({ metatype }) => {
      if (!metatype) return [];
      const controller = metatype as new (...args: never[]) => object;
      const base = (Reflect.getMetadata(PATH_METADATA, controller) as string | undefined) ?? '';
      return scanner.getAllMethodNames(controller.prototype).flatMap((name) => {
        const handler = (controller.prototype as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        if (path === undefined) return [];
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        // The Stripe-compatible API (/v1) is served at the root, outside the global prefix.
        const fullPath = join(base.startsWith('v1') ? '' : prefix, base, path);
        const ownGuards = [handler, controller].reduce((n, target) => n + ((Reflect.getMetadata(GUARDS_METADATA, target) as unknown[] | undefined)?.length ?? 0), 0);
        return [{ route: `${method} ${fullPath}`, method, path: fullPath, isPublic: reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, controller]) === true, ownGuards }];
      });
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}
