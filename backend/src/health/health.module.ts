import { Module } from '@nestjs/common';
import { AdminProcessorsController } from './admin-processors.controller.js';
import { HealthController } from './health.controller.js';
import { ProcessorHealth } from './processor-health.js';

@Module({ controllers: [HealthController, AdminProcessorsController], providers: [ProcessorHealth], exports: [ProcessorHealth] })
export class HealthModule {}
