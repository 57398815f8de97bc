import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../payments/clock.js';
import type { PaymentProvider } from '../payments/provider.js';
import type { AddedResources } from './definition-routes.js';

/**
 * What `app.ts` hands to every autoloaded plugin, modules (`src/modules/**`) and route folders
 * (`src/routes/<prefix>/**`) alike, so adding either never needs an edit of `app.ts`.
 */
export interface ModuleOptions {
  db: Database;
  config: Config;
  /** The time writes are stamped with (tests move it); the system clock otherwise. */
  clock: Clock;
  /** The payment provider (tests pass their own); by default the one PAYMENT_PROVIDER names. */
  payments?: PaymentProvider;
  /** Definitions and tables served beside the portal's own (a test's fixture resource). */
  added?: AddedResources;
}

/** The name a repository module registers under, for other plugins' `dependencies`. */
export const repositoryPluginName = (decorator: string) => `repository:${decorator}`;

/**
 * A module publishing a repository as the named Fastify decorator `app.<decorator>` (declare its type in
 * `FastifyInstance`). `make` builds it from the module options; `dependencies` names the repositories it uses,
 * which autoload registers first. Not encapsulated: the decorator is visible to every route.
 */
export function repositoryModule<K extends keyof FastifyInstance & string>(
  decorator: K,
  make: (options: ModuleOptions, app: FastifyInstance) => FastifyInstance[K],
  dependencies: readonly string[] = [],
) {
  return fp<ModuleOptions>(
    async (app, options) => {
      app.decorate(decorator, make(options, app) as never);
    },
    {
      name: repositoryPluginName(decorator),
      dependencies: dependencies.map(repositoryPluginName),
      decorators: { fastify: [...dependencies] },
    },
  );
}
