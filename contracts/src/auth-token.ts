// Its own entry point ('@tallyline/contracts/auth-token'): every page of the dashboard reads the key, and
// importing it through './browser' put that module's form constants in the code every page loads.

/** localStorage key of the session token (spec §9). */
export const AUTH_TOKEN_KEY = 'auth_token';
