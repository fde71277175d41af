// Boot seeding's public API: main.ts and the tests run it after app.init().
export { BootSeed, DEMO } from './boot-seed.js';
export { SeedModule } from './seed.module.js';
