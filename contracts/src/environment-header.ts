// Its own entry point ('@tallyline/contracts/environment-header'), zod-free like './auth-token': the
// dashboard's fetch layer reads it on every answer.

/**
 * The response header naming the environment (production or staging) an environment-scoped answer of the
 * merchant API was served for: the dashboard compares it with the badge it shows.
 */
export const ENVIRONMENT_HEADER = 'Tallyline-Environment';
