import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Applications submitted per UTC day (projection "application-daily-counts"): the staff dashboard's chart. */
@Entity('application_daily_counts')
export class ApplicationDailyCountView {
  @PrimaryColumn('date') day: string;
  @Column('integer') submitted: number;
}
