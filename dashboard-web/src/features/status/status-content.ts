/** Past incidents published on the status page (editorial content, newest first). */
export interface Incident {
  id: string;
  title: string;
  date: string;
  status: 'resolved' | 'monitoring';
  impact: 'minor' | 'major' | 'maintenance';
  description: string;
}

export const INCIDENTS: Incident[] = [
  {
    id: 'inc-2026-02-11',
    title: 'Scheduled maintenance: admin role system upgrade',
    date: '11 February 2026, 02:00-02:40 GMT',
    status: 'resolved',
    impact: 'maintenance',
    description:
      'We upgraded the admin role system used by our review staff. Merchant payments and the API were not affected; the staff review queue was read-only for 40 minutes.',
  },
  {
    id: 'inc-2026-01-27',
    title: 'Delayed application e-mails',
    date: '27 January 2026, 14:05-15:20 GMT',
    status: 'resolved',
    impact: 'minor',
    description:
      'Confirmation e-mails for merchant applications were delayed by up to an hour while our e-mail provider recovered from an outage. All queued messages were delivered.',
  },
  {
    id: 'inc-2026-01-09',
    title: 'Elevated API response times',
    date: '9 January 2026, 09:12-09:38 GMT',
    status: 'resolved',
    impact: 'minor',
    description:
      'A slow database query raised API response times above 1 second for about 25 minutes. Payments continued to be processed; the query has since been optimised.',
  },
];

export const COMPANY_NUMBER = '14872305';
