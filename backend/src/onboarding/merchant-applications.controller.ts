import { Body, Controller, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import {
  longApplicationSchema,
  precheckApplicationSchema,
  submitApplicationResponseSchema,
  type SubmitApplicationResponse,
} from '@tallyline/contracts';
import type { FastifyRequest } from 'fastify';
import { OptionalSession, Public } from '../platform/auth/auth.decorators.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { DomainError } from '../platform/domain-error.js';
import { Ctx } from '../platform/http/request-context.js';
import { ApiZodResponse, openApiSchema, toFieldErrors } from '../platform/http/zod-validation.js';
import { TakesMultipart } from '../platform/http/takes-multipart.js';
import type { SubmittedForm } from './application.events.js';
import { DocumentStore, type StagedDocument } from './documents/document-store.js';
import { discardAll, readApplicationUpload } from './submit-application/application-upload.js';
import { SubmitApplication } from './submit-application/submit-application.command.js';

/** Public: visitors apply without signing in (spec §6). */
@ApiTags('merchant-applications')
@Controller('merchant-applications')
@Public()
export class MerchantApplicationsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly documents: DocumentStore,
  ) {}

  /** A signed-in merchant's application is recorded as theirs; anyone else's as a visitor's. */
  @Post()
  @TakesMultipart()
  @OptionalSession()
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({
    description:
      'The pre-check form as multipart (every field as text; files passportId, proofOfResidence, bankStatements, directorSignature: PDF, JPG or PNG up to 10 MB), or the long form as JSON with formType "long".',
    schema: { oneOf: [openApiSchema(precheckApplicationSchema), openApiSchema(longApplicationSchema)] } as never,
  })
  @ApiZodResponse(201, submitApplicationResponseSchema, 'Received, pending review: reference is what the confirmation e-mail quotes')
  async submit(@Req() request: FastifyRequest, @Body() body: unknown, @Ctx() ctx: CommandContext): Promise<SubmitApplicationResponse> {
    const { form, staged } = request.isMultipart() ? await this.fromMultipart(request) : fromJson(body);
    return this.commandBus.execute(new SubmitApplication(form, staged, ctx));
  }

  /** Nothing is kept unless the whole form is valid: one bad field discards every staged file. */
  private async fromMultipart(request: FastifyRequest): Promise<{ form: SubmittedForm; staged: StagedDocument[] }> {
    const upload = await readApplicationUpload(request, this.documents);
    const parsed = precheckApplicationSchema.safeParse(upload.fields);
    const errors = [...(parsed.success ? [] : toFieldErrors(parsed.error)), ...upload.errors];
    const staged = upload.documents.map((d) => d.staged);
    if (!parsed.success || errors.length) {
      await discardAll(this.documents, staged);
      throw DomainError.validation(errors);
    }
    return { form: { formType: 'precheck', fields: parsed.data, documents: upload.documents.map((d) => d.document) }, staged };
  }
}

/** JSON: the long form when formType is 'long', otherwise the pre-check form without documents. */
function fromJson(body: unknown): { form: SubmittedForm; staged: StagedDocument[] } {
  if (isObject(body) && body.formType === 'long') {
    const parsed = longApplicationSchema.safeParse(body);
    if (!parsed.success) throw DomainError.validation(toFieldErrors(parsed.error));
    const { formType: _formType, ...fields } = parsed.data;
    return { form: { formType: 'long', fields, documents: [] }, staged: [] };
  }
  const parsed = precheckApplicationSchema.safeParse(body ?? {});
  if (!parsed.success) throw DomainError.validation(toFieldErrors(parsed.error));
  return { form: { formType: 'precheck', fields: parsed.data, documents: [] }, staged: [] };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
