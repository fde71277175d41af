import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '@tallyline/contracts';
import ipaddr from 'ipaddr.js';
import { DomainError } from '../../platform/domain-error.js';

/**
 * SSRF safety: a merchant names a URL and our server calls it, so unless private targets are allowed
 * (WEBHOOK_ALLOW_PRIVATE) it must be https and every address its host resolves to must be public
 * unicast. Checked when the URL is given and again on every connection (`guardedLookup`): DNS may
 * answer differently by then.
 */
export class UnsafeTargetError extends Error {}

/**
 * IPv6 has public addresses in 2000::/3 only. ipaddr.js calls the rest of its space "unicast" too, such
 * as the deprecated IPv4-compatible ::/96 (`[::127.0.0.1]`), which some stacks route to the IPv4 host.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const isPublic = (address: string) => {
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast' && (parsed.kind() === 'ipv4' || parsed.match(GLOBAL_UNICAST_V6));
};

export function assertPublic(addresses: readonly string[]): void {
  if (addresses.length === 0 || !addresses.every(isPublic)) throw new UnsafeTargetError(WEBHOOK_MESSAGES.privateAddress);
}

/** The URL as given, or a 400 on `url` saying what is wrong with it. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const refuse = (message: string) => DomainError.validation([{ field: 'url', message }]);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse(WEBHOOK_MESSAGES.invalidUrl);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse(WEBHOOK_MESSAGES.invalidUrl);
  if (url.username || url.password) throw refuse('Webhook URL must not contain credentials');
  if (allowPrivate) return raw;
  if (url.protocol !== 'https:') throw refuse(WEBHOOK_MESSAGES.httpsRequired);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookupAll(host)).map((entry) => entry.address);
  } catch {
    throw refuse(WEBHOOK_MESSAGES.unresolvable);
  }
  try {
    assertPublic(addresses);
  } catch (error) {
    throw refuse((error as Error).message);
  }
  return raw;
}

const lookupAll = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** For http(s).request: resolves as usual, then refuses the connection if any address is not public. */
export function guardedLookup(allowPrivate: boolean): LookupFunction | undefined {
  if (allowPrivate) return undefined;
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      try {
        assertPublic(addresses.map((entry) => entry.address));
      } catch (refused) {
        return callback(refused as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
