import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AccountDirectory, RegisterUser, StaffAccounts } from '../identity/index.js';
import { RegisterMerchant, SwitchEnvironment } from '../merchants/index.js';
import { systemContext } from '../platform/commands/command-context.js';
import { AppConfig } from '../platform/config/app-config.js';

export const DEMO = { email: 'demo@tallyline.test', password: 'demo-password-123', companyName: 'Demo Store' } as const;

/**
 * At boot: the staff account from STAFF_EMAIL/STAFF_PASSWORD, and on an empty database the demo
 * merchant (design.md §6), both through the real commands so they are ordinary events. Run after
 * `app.init()`, when command handlers are registered and projections run.
 */
@Injectable()
export class BootSeed {
  private readonly logger = new Logger(BootSeed.name);

  constructor(
    private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
    private readonly staff: StaffAccounts,
    private readonly accounts: AccountDirectory,
  ) {}

  async run(): Promise<void> {
    if (this.config.staffEmail && this.config.staffPassword) await this.staff.ensure(this.config.staffEmail, this.config.staffPassword);
    if (this.config.seedDemo && !(await this.accounts.anyBesides(this.config.staffEmail))) await this.seedDemo();
  }

  private async seedDemo(): Promise<void> {
    const context = systemContext('demo-seed');
    const user = await this.commandBus.execute(
      new RegisterUser({ email: DEMO.email, password: DEMO.password, firstName: 'Demo', lastName: 'Merchant', role: 'merchant' }, context),
    );
    await this.commandBus.execute(
      new RegisterMerchant(user.id, { companyName: DEMO.companyName, email: DEMO.email, website: 'https://demo.tallyline.test', businessType: 'E-commerce' }, context),
    );
    await this.commandBus.execute(new SwitchEnvironment(user.id, 'staging', context));
    this.logger.log(`Seeded the demo merchant ${DEMO.email}`);
  }
}
