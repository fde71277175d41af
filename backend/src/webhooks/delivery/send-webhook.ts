import { request as httpRequest, type Agent } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@tallyline/contracts';
import { deadline } from '../../platform/deadline.js';
import { assertPublic, guardedLookup } from '../endpoints/url-guard.js';

/** What one attempt got: the response status, or why there was none. */
export type AttemptResult = { statusCode: number } | { error: string };

/**
 * One POST, bounded by `timeoutMs` from connection to the last byte of the answer (whose body is
 * read and dropped). The target is checked again here (SSRF): DNS may now answer with a private address.
 */
export function sendWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean; signal: AbortSignal; agent?: Agent },
): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivate) {
        if (url.protocol !== 'https:') throw new Error(WEBHOOK_MESSAGES.httpsRequired);
        // An address in the URL is connected to without a lookup: checked here instead.
        if (isIP(host)) assertPublic([host]);
      }
    } catch (error) {
      return resolve({ error: (error as Error).message });
    }
    const { signal, clear } = deadline(options.timeoutMs, options.signal);
    const settle = (result: AttemptResult) => {
      clear();
      resolve(result);
    };
    const lookup = guardedLookup(options.allowPrivate);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, signal, ...(lookup ? { lookup } : {}), ...(options.agent ? { agent: options.agent } : {}) }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => settle({ statusCode: res.statusCode ?? 0 }));
      res.on('error', () => settle({ error: 'The connection broke while reading the answer' }));
    });
    req.on('error', (error) => settle({ error: signal.aborted && !options.signal.aborted ? `No answer within ${options.timeoutMs} ms` : error.message }));
    req.end(body);
  });
}
