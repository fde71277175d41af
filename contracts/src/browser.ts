// What a page needs on every route, without zod: importing the package's index would ship every
// schema (and zod) to routes that validate nothing. Import it as '@tallyline/contracts/browser'.

/** localStorage key of the session token (spec §9). */
export const AUTH_TOKEN_KEY = 'auth_token';
