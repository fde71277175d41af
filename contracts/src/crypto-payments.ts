import { z } from 'zod';
import { emailAddress } from './email.js';
import { numberFromText, queryInteger } from './http.js';
import { environmentSchema } from './merchants.js';
import { MAX_ORDER_ID_LENGTH } from './payments/payment.js';

/** Spec §9: the fiats and cryptos the crypto page offers, and a payment's life before it expires. */
export const CRYPTO_FIATS = ['EUR', 'USD', 'GBP'] as const;
export const CRYPTOS = ['BTC', 'ETH', 'USDT'] as const;
export type CryptoFiat = (typeof CRYPTO_FIATS)[number];
export type CryptoCode = (typeof CRYPTOS)[number];
export const CRYPTO_PAYMENT_TTL_MINUTES = 30;
/** Crypto amounts are exact decimal strings with this many places. */
export const CRYPTO_DECIMALS = 8;

/** The places each crypto can actually be sent in (TRC-20 USDT has 6): amounts are rounded to these, shown to CRYPTO_DECIMALS. */
export const CRYPTO_PRECISION: Record<CryptoCode, number> = { BTC: 8, ETH: 8, USDT: 6 };

export const CRYPTO_PAYMENT_STATUSES = ['pending', 'processing', 'completed', 'failed', 'expired'] as const;
export type CryptoPaymentStatus = (typeof CRYPTO_PAYMENT_STATUSES)[number];

export const CRYPTO_MESSAGES = {
  notFound: 'Crypto payment not found',
  expired: 'Crypto payment expired',
  alreadySettled: 'Crypto payment already settled',
  notDue: 'Crypto payment has not expired yet',
  paidNeverExpires: 'A paid crypto payment never expires',
  stagingOnly: 'Simulation is only available in staging',
} as const;

const fiatField = (field: string) =>
  z
    .string({ error: `${field} must be one of ${CRYPTO_FIATS.join(', ')}` })
    .trim()
    .toUpperCase()
    .pipe(z.enum(CRYPTO_FIATS, { error: `${field} must be one of ${CRYPTO_FIATS.join(', ')}` }));
const cryptoField = (field: string) =>
  z
    .string({ error: `${field} must be one of ${CRYPTOS.join(', ')}` })
    .trim()
    .toUpperCase()
    .pipe(z.enum(CRYPTOS, { error: `${field} must be one of ${CRYPTOS.join(', ')}` }));

const AMOUNT_MESSAGE = 'Amount must be a number greater than 0 with at most 2 decimals';
/** Major units as a JSON number; its shortest decimal form has at most 2 places (0.1 + 0.2 does not). */
const majorAmount = z
  .number({ error: (issue) => (issue.input === undefined ? 'Amount is required' : AMOUNT_MESSAGE) })
  .positive({ error: AMOUNT_MESSAGE, abort: true })
  .max(999_999_999.99, { error: 'Amount is too large', abort: true })
  .refine((amount) => /^\d+(\.\d{1,2})?$/.test(String(amount)), AMOUNT_MESSAGE);

const optionalText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => value?.trim() || null)
    .refine((value) => value === null || value.length <= max, message);

/**
 * POST /api/crypto-payments/create and POST /api/client/crypto-payments. amountMinor: the amount in
 * cents. Strict like the card payment's body: a misspelt field is a 400, not silently dropped.
 */
export const cryptoPaymentCreateSchema = z
  .strictObject({
    amount: majorAmount,
    currency: fiatField('Currency'),
    targetCrypto: cryptoField('Target crypto'),
    customerEmail: emailAddress('Invalid email address', 'Customer email is required'),
    customerName: optionalText(200, 'Customer name is too long'),
    /** Empty: the server names it order_<timestamp>. */
    orderId: optionalText(MAX_ORDER_ID_LENGTH, 'Order ID is too long'),
    environment: environmentSchema.optional(),
  })
  // Every fiat here has 2 decimals, and the refine above allows no more: the product is a whole number.
  .transform(({ amount, ...rest }) => ({ ...rest, amountMinor: Math.round(amount * 100) }));
export type CryptoPaymentCreateRequest = z.input<typeof cryptoPaymentCreateSchema>;

/** Both given and not the same code (case and spaces aside, as the fields read them). */
const differ = (alias: string | undefined, name: string | undefined) =>
  alias !== undefined && name !== undefined && alias.trim().toUpperCase() !== name.trim().toUpperCase();

/**
 * GET /api/crypto-payments/exchange-rate: the page's ?fromCurrency=&toCrypto= or the documented
 * ?from=&to=&amount= (amount in major units adds the converted cryptoAmount).
 */
export const exchangeRateQuerySchema = z
  // Strict: a misspelt `amout` answered a rate without the converted amount the caller asked for.
  .strictObject({
    fromCurrency: z.string().optional(),
    toCrypto: z.string().optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    amount: numberFromText(majorAmount).optional(),
    environment: environmentSchema.optional(),
  })
  .transform((query, ctx) => {
    // An alias and its name both given, saying different things: which one was meant is anyone's guess.
    const conflicts = [
      differ(query.from, query.fromCurrency) && { path: 'from', message: 'Give the currency once: from or fromCurrency' },
      differ(query.to, query.toCrypto) && { path: 'to', message: 'Give the crypto once: to or toCrypto' },
    ].filter((conflict) => conflict !== false);
    for (const { path, message } of conflicts) ctx.addIssue({ code: 'custom', path: [path], message });
    if (conflicts.length) return z.NEVER;
    const fiat = fiatField('From currency').safeParse(query.fromCurrency ?? query.from);
    const crypto = cryptoField('To crypto').safeParse(query.toCrypto ?? query.to);
    if (!fiat.success) ctx.addIssue({ code: 'custom', path: [query.fromCurrency === undefined ? 'from' : 'fromCurrency'], message: fiat.error.issues[0]?.message ?? '' });
    if (!crypto.success) ctx.addIssue({ code: 'custom', path: [query.toCrypto === undefined ? 'to' : 'toCrypto'], message: crypto.error.issues[0]?.message ?? '' });
    if (!fiat.success || !crypto.success) return z.NEVER;
    return { fiat: fiat.data, crypto: crypto.data, amountMinor: query.amount === undefined ? null : Math.round(query.amount * 100), environment: query.environment };
  });

/** Strict, as the card payments' list is: a filter it does not have (`status=failed`) is a 400, not an unfiltered list. */
export const cryptoListQuerySchema = z.strictObject({
  limit: queryInteger(1, 100, 'Limit must be a number between 1 and 100').default(20),
  environment: environmentSchema.optional(),
});

export const environmentQuerySchema = z.object({ environment: environmentSchema.optional() });

export const cryptoSimulateSchema = z.object({
  outcome: z.enum(['confirm', 'fail'], { error: 'Outcome must be confirm or fail' }),
});

/** rate: fiat per 1 crypto. */
export const exchangeRateSchema = z.object({
  rate: z.number(),
  fromCurrency: z.enum(CRYPTO_FIATS),
  toCrypto: z.enum(CRYPTOS),
  fetchedAt: z.string(),
  /** With ?amount=: the amount (major units, 2 places) and what it buys (8 places). */
  amount: z.string().optional(),
  cryptoAmount: z.string().optional(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;
/** GET /api/crypto-payments/exchange-rate and /api/client/exchange-rates. */
export const exchangeRateAnswerSchema = z.object({ exchangeRate: exchangeRateSchema });

/**
 * A crypto payment as the merchant sees it. Both documented shapes in one: a payment answer's
 * amount/currency/targetCrypto and a list item's fiatAmount/fiatCurrency/cryptoCurrency.
 */
export const cryptoPaymentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(CRYPTO_PAYMENT_STATUSES),
  amount: z.string(),
  currency: z.enum(CRYPTO_FIATS),
  fiatAmount: z.string(),
  fiatCurrency: z.enum(CRYPTO_FIATS),
  cryptoAmount: z.string(),
  targetCrypto: z.enum(CRYPTOS),
  cryptoCurrency: z.enum(CRYPTOS),
  /** Fiat per 1 crypto, locked at creation. */
  exchangeRate: z.string(),
  customerEmail: z.string(),
  customerName: z.string().nullable(),
  paymentUrl: z.string(),
  providerPaymentId: z.string(),
  address: z.string(),
  blockchainTxHash: z.string().nullable(),
  confirmations: z.number().nullable(),
  environment: environmentSchema,
  merchantId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type CryptoPayment = z.infer<typeof cryptoPaymentSchema>;
/** POST /api/crypto-payments/create and /api/client/crypto-payments. */
export const cryptoPaymentCreatedSchema = z.object({ payment: cryptoPaymentSchema });
/** GET /api/crypto-payments and /api/client/crypto-payments: newest first. */
export const cryptoPaymentListSchema = z.object({ cryptoTransactions: z.array(cryptoPaymentSchema) });

/** GET /api/crypto-checkout/{id}: what the hosted page shows anyone holding its link (no customer data). */
export const cryptoCheckoutSchema = cryptoPaymentSchema
  .pick({
    id: true,
    orderId: true,
    status: true,
    amount: true,
    currency: true,
    cryptoAmount: true,
    targetCrypto: true,
    exchangeRate: true,
    address: true,
    blockchainTxHash: true,
    confirmations: true,
    environment: true,
    expiresAt: true,
  })
  .extend({
    /** The wallet URI the page's QR code carries (cryptoPaymentUri). */
    paymentUri: z.string(),
  });
export type CryptoCheckout = z.infer<typeof cryptoCheckoutSchema>;

const URI_SCHEMES: Record<Exclude<CryptoCode, 'ETH'>, string> = { BTC: 'bitcoin', USDT: 'tron' };

/**
 * The wallet URI the hosted page's QR code carries: BIP 21 for BTC (amount in BTC), EIP-681 for ETH
 * (value in wei, an integer: wallets read `value`, not `amount`), and the same shape as BIP 21 for
 * TRC-20 USDT, which has no standard URI (TronLink and Trust Wallet read address and amount).
 */
export function cryptoPaymentUri(crypto: CryptoCode, address: string, cryptoAmount: string): string {
  // The amount in the places a wallet sends (the zeros past them are display only).
  const [whole = '0', fraction = ''] = cryptoAmount.split('.');
  const sent = fraction.slice(0, CRYPTO_PRECISION[crypto]);
  if (crypto === 'ETH') return `ethereum:${address}?value=${BigInt(whole + sent.padEnd(WEI_PER_ETH_DIGITS, '0')).toString()}`;
  return `${URI_SCHEMES[crypto]}:${address}?amount=${sent ? `${whole}.${sent}` : whole}`;
}

/** 1 ETH = 10^18 wei. */
const WEI_PER_ETH_DIGITS = 18;
