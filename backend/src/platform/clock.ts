import { Injectable } from '@nestjs/common';

/** The time, as one injectable provider, so tests can move it (expiries, per-minute rates). */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
