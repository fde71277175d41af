import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  AUTH_MESSAGES,
  authMessageSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  loginResponseSchema,
  registerResponseSchema,
  userSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  loginRequestSchema,
  registerRequestSchema,
  type AuthMessage,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type LoginRequest,
  type PasswordReset,
  type PasswordResetRequest,
  type LoginResponse,
  type RegisterRequest,
  type RegisterResponse,
  type User,
} from '@tallyline/contracts';
import type { FastifyRequest } from 'fastify';
import type { CommandContext } from '../platform/commands/command-context.js';
import { CurrentUser, Public, Roles, type AuthUser } from '../platform/auth/auth.decorators.js';
import { Ctx } from '../platform/http/request-context.js';
import { ApiZodBody, ApiZodResponse, zodPipe } from '../platform/http/zod-validation.js';
import { LoginService } from './login/login.service.js';
import { ChangePassword } from './change-password/change-password.command.js';
import { PasswordResets } from './password-reset/password-resets.js';
import { ResetPassword } from './password-reset/reset-password.command.js';
import { RegisterUser } from './register-user/register-user.command.js';

@ApiTags('auth')
@Controller('auth')
export class IdentityController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly logins: LoginService,
    private readonly resets: PasswordResets,
  ) {}

  @Post('register')
  @Public()
  @ApiZodBody(registerRequestSchema)
  @ApiZodResponse(201, registerResponseSchema, 'The new account (role merchant) and a session token for it')
  async register(@Body(zodPipe(registerRequestSchema)) body: RegisterRequest, @Ctx() ctx: CommandContext): Promise<RegisterResponse> {
    const user = await this.commandBus.execute(new RegisterUser({ ...body, role: 'merchant' }, ctx));
    // UserRegistered, the first event of the account's stream, set the password: version 0.
    return { token: await this.logins.issueToken(user.id, 0), user };
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiZodBody(loginRequestSchema)
  @ApiZodResponse(200, loginResponseSchema, 'token: the session, sent as Authorization: Bearer <token>')
  async login(@Body(zodPipe(loginRequestSchema)) body: LoginRequest, @Req() request: FastifyRequest): Promise<LoginResponse> {
    const token = await this.logins.login(body.email, body.password, request.ip);
    return { token, message: 'Login successful' };
  }

  /** Every session of the account ends, this one included: the answer carries this browser's new one. */
  @Post('password')
  @Roles('merchant', 'staff')
  @HttpCode(200)
  @ApiZodBody(changePasswordRequestSchema)
  @ApiZodResponse(200, changePasswordResponseSchema, "token: this browser's new session (every other one ended)")
  async changePassword(
    @Body(zodPipe(changePasswordRequestSchema)) body: ChangePasswordRequest,
    @CurrentUser() user: AuthUser,
    @Ctx() ctx: CommandContext,
  ): Promise<ChangePasswordResponse> {
    const passwordVersion = await this.commandBus.execute(new ChangePassword(user.userId, body, ctx));
    return { token: await this.logins.issueToken(user.userId, passwordVersion), message: AUTH_MESSAGES.passwordChanged };
  }

  /** "Forgot password": mails a one-time link if an account uses the address; the answer is the same either way. */
  @Post('password-reset')
  @Public()
  @HttpCode(202)
  @ApiZodBody(passwordResetRequestSchema)
  @ApiZodResponse(202, authMessageSchema, 'The same answer whether or not an account uses the address')
  async requestPasswordReset(@Body(zodPipe(passwordResetRequestSchema)) body: PasswordResetRequest, @Ctx() ctx: CommandContext): Promise<AuthMessage> {
    await this.resets.request(body.email, ctx.now);
    return { message: AUTH_MESSAGES.passwordResetSent };
  }

  /** The link's new password: every session of the account ends; the owner signs in with it. */
  @Post('password-reset/confirm')
  @Public()
  @HttpCode(200)
  @ApiZodBody(passwordResetSchema)
  @ApiZodResponse(200, authMessageSchema)
  async resetPassword(@Body(zodPipe(passwordResetSchema)) body: PasswordReset, @Ctx() ctx: CommandContext): Promise<AuthMessage> {
    await this.commandBus.execute(new ResetPassword(body, ctx));
    return { message: AUTH_MESSAGES.passwordReset };
  }

  /** Signs this session out on the server too: its token stops working at once, not when it expires. */
  @Post('logout')
  @Roles('merchant', 'staff')
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'Signed out: no body' })
  async logout(@Req() request: FastifyRequest): Promise<void> {
    const token = request.headers.authorization?.replace(/^Bearer\s+/i, '');
    if (token) await this.logins.signOut(token);
  }

  @Get('user')
  @Roles('merchant', 'staff')
  @ApiZodResponse(200, userSchema)
  user(@CurrentUser() user: AuthUser): User {
    return { id: user.userId, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role };
  }
}
