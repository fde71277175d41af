import { Controller, Get, HttpStatus, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../platform/auth/auth.decorators.js';
import { TakesMultipart } from '../platform/http/takes-multipart.js';
import { IpnSender } from './ipn-sender.js';
import { SandboxGatewayStore, type StoredTransaction } from './sandbox-gateway.store.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** 1050 GBP minor units → "£10.50", by the currency's own exponent. */
function money(amountMinor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
  return format.format(amountMinor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Sandbox gateway</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 2rem 1rem; background: #f5f5f7; color: #1d1d1f; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.6rem 1.4rem; border-radius: 8px; border: 2px solid #1d1d1f; background: #fff; cursor: pointer; }
  button.approve { background: #1d1d1f; color: #fff; }
  button:focus-visible { outline: 3px solid #0a64d6; outline-offset: 2px; }
</style>
</head>
<body><main>
${body}
</main></body>
</html>`;
}

/** A page for the payer's browser, not JSON. */
const htmlPage = (status: number, description: string) => ApiResponse({ status, description, content: { 'text/html': { schema: { type: 'string' } } } });

/**
 * The sandbox's 3-D Secure page, where the payer is sent with result 7: a tester approves or fails the
 * check, the sandbox settles the sale, sends its IPN and returns the payer to End3DSHostPostbackURL.
 */
@ApiTags('Sandbox gateway')
@Controller('sandbox-gateway/3ds')
@Public()
export class ThreeDSecureController {
  constructor(
    private readonly store: SandboxGatewayStore,
    private readonly ipn: IpnSender,
  ) {}

  @Get(':id')
  @ApiOperation({ summary: "The 3-D Secure check a sale's Async.RedirectUrl sends the payer to" })
  @htmlPage(200, 'The check: the amount, the card, and a form to approve or fail it')
  @htmlPage(404, 'Transaction not found')
  @htmlPage(409, 'Already settled (or its challenge window closed), with the outcome')
  async show(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const transaction = await this.store.current({ id }, this.ipn);
    if (!transaction || transaction.status !== 'pending') return this.notPending(reply, transaction);
    const action = (decision: string) => `/api/sandbox-gateway/3ds/${encodeURIComponent(transaction.id)}/${decision}`;
    const card = transaction.cardLast4 ? ` with the ${escape(transaction.cardBrand ?? 'card')} card ending ${escape(transaction.cardLast4)}` : '';
    // multipart: the only form encoding the API parses besides JSON; the forms carry no field anyway.
    const form = (decision: string, label: string) =>
      `<form method="post" action="${escape(action(decision))}" enctype="multipart/form-data"><button type="submit" class="${decision}">${label}</button></form>`;
    const html = page(
      '3-D Secure check',
      `<h1>3-D Secure check</h1>
<p>Confirm the payment of <strong>${escape(money(transaction.amountMinor, transaction.currency))}</strong>${card}.</p>
<p>This is the sandbox: choose how the card's bank answers.</p>
<div class="actions">${form('approve', 'Approve')}${form('fail', 'Fail')}</div>`,
    );
    this.send(reply, HttpStatus.OK, html);
  }

  @Post(':id/:decision')
  @TakesMultipart()
  @ApiOperation({ summary: "The card's bank answers the check (decision: approve or fail); the sale is settled and its IPN sent" })
  @ApiResponse({
    status: 303,
    description: 'No body: the payer goes back to End3DSHostPostbackURL with ?TransactionId=, also when the sale was settled already',
    headers: { Location: { description: 'End3DSHostPostbackURL with TransactionId', schema: { type: 'string' } } },
  })
  @htmlPage(404, 'Not found: no such transaction or decision')
  @htmlPage(409, "Already settled, and no payer to return: a refund's id")
  async decide(@Param('id') id: string, @Param('decision') decision: string, @Res() reply: FastifyReply): Promise<void> {
    if (decision !== 'approve' && decision !== 'fail') return this.send(reply, HttpStatus.NOT_FOUND, page('Not found', '<h1>Not found</h1>'));
    const settled = await this.store.settle(id, decision === 'approve');
    if (settled) this.ipn.notify(settled);
    // A second click (or a reload) finds the sale settled already, or the window closed: the payer is returned all the same.
    const transaction = settled ?? (await this.store.current({ id }, this.ipn));
    if (!transaction?.postbackUrl || transaction.status === 'pending') return this.notPending(reply, transaction);
    const back = new URL(transaction.postbackUrl);
    back.searchParams.append('TransactionId', transaction.id);
    void reply.status(HttpStatus.SEE_OTHER).header('location', back.toString()).send();
  }

  private notPending(reply: FastifyReply, transaction: StoredTransaction | null): void {
    if (!transaction) return this.send(reply, HttpStatus.NOT_FOUND, page('Transaction not found', '<h1>Transaction not found</h1>'));
    this.send(reply, HttpStatus.CONFLICT, page('Already settled', `<h1>Already settled</h1><p>${escape(transaction.resultMessage)}</p>`));
  }

  /**
   * No form-action in the CSP: a decision's answer redirects to the merchant's postback URL, which sends
   * the payer on to wherever the merchant chooses (its return URL), and browsers hold every hop of that
   * chain to form-action, so any list here stops the payer half-way. The page runs no script and escapes
   * all it shows; default-src 'none' still refuses everything else.
   */
  private send(reply: FastifyReply, status: number, html: string): void {
    void reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'")
      .send(html);
  }
}
