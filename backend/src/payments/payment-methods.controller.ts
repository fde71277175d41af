import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { addPaymentMethodSchema, configurePaymentMethodSchema, PAYMENT_METHOD_MESSAGES, paymentMethodSchema, type PaymentMethod } from '@tallyline/contracts';
import { z } from 'zod';
import { MerchantQueries } from '../merchants/index.js';
import { CurrentUser, Roles, type AuthUser } from '../platform/auth/auth.decorators.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { DomainError } from '../platform/domain-error.js';
import { UUID_PATTERN } from '../platform/http/list-query.js';
import { Ctx } from '../platform/http/request-context.js';
import { TakesNoQuery } from '../platform/http/takes-nothing.js';
import { ApiZodBody, ApiZodResponse, zodPipe } from '../platform/http/zod-validation.js';
import { AddPaymentMethod } from './add-payment-method/add-payment-method.command.js';
import { ConfigurePaymentMethod } from './configure-payment-method/configure-payment-method.command.js';
import { PaymentMethodQueries } from './payment-methods.queries.js';

/** The dashboard's Custom Payment Methods: the merchant's own (merchant id = user id), never another's. */
@ApiTags('payment-methods')
@Controller('payment-methods')
@Roles('merchant')
export class PaymentMethodsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: PaymentMethodQueries,
    private readonly merchants: MerchantQueries,
  ) {}

  @TakesNoQuery()
  @Get()
  @ApiZodResponse(200, z.array(paymentMethodSchema), 'Oldest first')
  async list(@CurrentUser() user: AuthUser): Promise<PaymentMethod[]> {
    await this.merchants.current(user.userId);
    return this.queries.list(user.userId);
  }

  @Post()
  @ApiZodBody(addPaymentMethodSchema, 'Fees default to the type\'s: credit_card 2.9% + 0.30, bank_transfer 0% + 0.80, digital_wallet 3.4% + 0.30.')
  @ApiZodResponse(201, paymentMethodSchema, 'The new method: processingFee in percent (2.9), fixedFee a decimal string ("0.30")')
  async add(
    @Body(zodPipe(addPaymentMethodSchema)) body: z.output<typeof addPaymentMethodSchema>,
    @CurrentUser() user: AuthUser,
    @Ctx() ctx: CommandContext,
  ): Promise<PaymentMethod> {
    await this.merchants.current(user.userId);
    const { paymentMethodId } = await this.commandBus.execute(new AddPaymentMethod(user.userId, body, ctx));
    return this.queries.get(user.userId, paymentMethodId);
  }

  @Patch(':id')
  @ApiZodBody(configurePaymentMethodSchema)
  @ApiZodResponse(200, paymentMethodSchema, 'The method as it now is')
  async configure(
    @Param('id') id: string,
    @Body(zodPipe(configurePaymentMethodSchema)) body: z.output<typeof configurePaymentMethodSchema>,
    @CurrentUser() user: AuthUser,
    @Ctx() ctx: CommandContext,
  ): Promise<PaymentMethod> {
    if (!UUID_PATTERN.test(id)) throw new DomainError('not_found', PAYMENT_METHOD_MESSAGES.notFound);
    await this.commandBus.execute(new ConfigurePaymentMethod(user.userId, id, body, ctx));
    return this.queries.get(user.userId, id);
  }
}
