import { Module } from '@nestjs/common';
import { BootSeed } from './boot-seed.js';

/** The staff account and the demo merchant at boot, made through the features' public commands only. */
@Module({ providers: [BootSeed], exports: [BootSeed] })
export class SeedModule {}
