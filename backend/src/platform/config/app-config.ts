import { resolve } from 'node:path';

/** Everything the process reads from the environment, read once at boot. */
export class AppConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl?: string;
  readonly eventStoreUrl?: string;
  readonly jwtSecret?: string;
  readonly staffEmail?: string;
  readonly staffPassword?: string;
  readonly seedDemo: boolean;
  readonly logLevel: string;
  /** Off in tests that drive processors by hand. */
  readonly runProcessors: boolean;
  readonly publicUrl: string;
  /** Commands wait for projections before answering; one-off CLI commands skip that. */
  readonly waitForProjections: boolean;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.port = Number(env.PORT ?? 3000);
    this.host = env.HOST ?? '0.0.0.0';
    this.dataDir = resolve(env.DATA_DIR ?? '.data');
    this.databaseUrl = env.DATABASE_URL || undefined;
    this.eventStoreUrl = env.EVENTSTORE_URL || undefined;
    this.jwtSecret = env.JWT_SECRET || undefined;
    this.staffEmail = env.STAFF_EMAIL || undefined;
    this.staffPassword = env.STAFF_PASSWORD || undefined;
    this.seedDemo = (env.SEED_DEMO ?? 'true') !== 'false';
    this.logLevel = env.LOG_LEVEL ?? 'info';
    this.runProcessors = (env.RUN_PROCESSORS ?? 'true') !== 'false';
    this.waitForProjections = (env.WAIT_FOR_PROJECTIONS ?? 'true') !== 'false';
    this.publicUrl = env.PUBLIC_URL ?? `http://localhost:${this.port}`;
  }

  static override(values: Partial<Record<string, string>>): AppConfig {
    return new AppConfig({ ...process.env, ...values });
  }
}
