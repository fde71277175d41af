/** Spec §9 fallbacks when the server's lists are not available. */
export const FALLBACK_FIATS = ['EUR', 'USD', 'GBP'];
export const FALLBACK_CRYPTOS = ['BTC', 'ETH', 'USDT'];

export const ENVIRONMENT_LABELS = { staging: 'Staging', production: 'Produzione' } as const;
