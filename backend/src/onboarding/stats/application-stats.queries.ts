import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ApplicationsPerDay } from '@tallyline/contracts';
import { Repository } from 'typeorm';
import { ApplicationDailyCountView } from './application-daily-count.entity.js';

const DAY_MS = 86_400_000;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

@Injectable()
export class ApplicationStatsQueries {
  constructor(@InjectRepository(ApplicationDailyCountView) private readonly counts: Repository<ApplicationDailyCountView>) {}

  /** The `days` UTC days ending today, oldest first; a day without applications has no row and counts 0. */
  async perDay(days: number, now = Date.now()): Promise<ApplicationsPerDay> {
    const window = Array.from({ length: days }, (_, i) => utcDay(now - (days - 1 - i) * DAY_MS));
    const rows = await this.counts.createQueryBuilder('c').where('c.day BETWEEN :first AND :last', { first: window[0], last: window.at(-1) }).getMany();
    const byDay = new Map(rows.map((row) => [row.day, row.submitted]));
    return { days: window.map((day) => ({ day, count: byDay.get(day) ?? 0 })) };
  }
}
