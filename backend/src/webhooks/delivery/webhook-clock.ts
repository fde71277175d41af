import { Injectable } from '@nestjs/common';

/**
 * When deliveries fall due. Tests move it forward to reach a retry hours away; the signature's
 * `webhook-timestamp` keeps the wall clock, since receivers check it against theirs.
 */
@Injectable()
export class WebhookClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
