/**
 * Set once the process has begun shutting down: connections ending from then on are expected, and
 * are not worth a warning (with Ctrl-C in a terminal, the embedded PostgreSQL gets the signal too).
 */
export const lifecycle = { stopping: false };

/** A start refused for a reason the operator fixes (a setting, the database's state): the message says how, a stack would bury it. */
export class StartRefused extends Error {}
