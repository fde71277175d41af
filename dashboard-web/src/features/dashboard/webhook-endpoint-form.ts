import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { isHttpUrl, WEBHOOK_MESSAGES, webhookEndpointCreateSchema, webhookEndpointUpdateSchema, type WebhookEndpoint, type WebhookEventType } from '@tallyline/contracts';

/** The endpoint form: description only when adding (it cannot be changed), enabled only when editing. */
export interface WebhookEndpointFormValues {
  url: string;
  description: string;
  /** None ticked: every event type. */
  eventTypes: WebhookEventType[];
  enabled: boolean;
}

export const EMPTY_WEBHOOK_ENDPOINT: WebhookEndpointFormValues = { url: '', description: '', eventTypes: [], enabled: true };

export function endpointFormValues(endpoint: WebhookEndpoint): WebhookEndpointFormValues {
  return { url: endpoint.url, description: endpoint.description ?? '', eventTypes: endpoint.eventTypes, enabled: endpoint.enabled };
}

export function createRequest(values: WebhookEndpointFormValues) {
  const description = values.description.trim();
  return { url: values.url.trim(), eventTypes: values.eventTypes, ...(description ? { description } : {}) };
}

export function updateRequest(values: WebhookEndpointFormValues) {
  return { url: values.url.trim(), eventTypes: values.eventTypes, enabled: values.enabled };
}

/**
 * The contract's schemas, on the request the form would send, and an http(s) URL. The server also refuses
 * private addresses and, in production, plain http; the form catches what it can know alone.
 */
export function webhookEndpointResolver(mode: 'add' | 'edit'): Resolver<WebhookEndpointFormValues> {
  const validate = zodResolver(mode === 'add' ? webhookEndpointCreateSchema : webhookEndpointUpdateSchema, undefined, { raw: true }) as unknown as Resolver<FieldValues>;
  const toRequest = mode === 'add' ? createRequest : updateRequest;
  return async (values, context, options) => {
    const result = await validate(toRequest(values), context, options as never);
    const errors = { ...result.errors } as FieldErrors<WebhookEndpointFormValues>;
    if (!errors.url && !isHttpUrl(values.url.trim())) errors.url = { type: 'url', message: WEBHOOK_MESSAGES.invalidUrl };
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}
