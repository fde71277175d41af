import { EventStore1700000000000 } from './1700000000000-event-store.js';
import { MailOutbox1700000000001 } from './1700000000001-mail-outbox.js';

/** Every migration, in order. Add new ones at the end. */
export const migrations = [EventStore1700000000000, MailOutbox1700000000001];
