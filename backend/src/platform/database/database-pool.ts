import pg from 'pg';

/** The raw pg pool shared by the PostgreSQL event store and the LISTEN connections. */
export class DatabasePool extends pg.Pool {}

// bigint columns arrive as strings; positions are converted explicitly where read.
