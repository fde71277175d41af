import { Module, type DynamicModule } from '@nestjs/common';
import { HealthModule } from './health/health.module.js';
import type { AppConfig } from './platform/config/app-config.js';
import { PlatformModule } from './platform/platform.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot(config), HealthModule],
    };
  }
}
