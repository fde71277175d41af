/** Every failure a client can cause. The HTTP filter maps each code with an exhaustive switch. */
export type DomainErrorCode =
  | 'validation'
  /** Well-formed but refused as such, e.g. an Idempotency-Key reused with another body (422). */
  | 'unprocessable'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'illegal_state'
  | 'conflict'
  | 'version_mismatch'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  /** A dependency we cannot do without is missing or down (503). */
  | 'unavailable'
  /** An upstream service (the payment gateway) answered, and refused (502). */
  | 'bad_gateway';

export interface FieldError {
  field: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly errors?: FieldError[],
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static validation(errors: FieldError[]): DomainError {
    return new DomainError('validation', errors[0]?.message ?? 'Validation failed', errors);
  }
}
