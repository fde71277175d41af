import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/index.js';
import { BootSeed } from './boot-seed.js';

/** The staff account and the demo merchant at boot, made through the features' public commands only. */
@Module({ imports: [PaymentsModule], providers: [BootSeed], exports: [BootSeed] })
export class SeedModule {}
