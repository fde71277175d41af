import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddPaymentMethodRequest,
  ApiKey,
  ChangePasswordRequest,
  ChangePasswordResponse,
  ConfigurePaymentMethodRequest,
  Environment,
  IpnSettings,
  PaymentMethod,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEventType,
} from '@tallyline/contracts';
import { apiRequest } from '../../../lib/api';
import { DASHBOARD_KEY } from './dashboard-api';

/** Payment methods, API keys and webhook endpoints: under the dashboard key, so an environment switch refreshes them. */
const keys = {
  methods: [DASHBOARD_KEY, 'payment-methods'],
  apiKeys: [DASHBOARD_KEY, 'api-keys'],
  ipn: [DASHBOARD_KEY, 'ipn'],
  endpoints: [DASHBOARD_KEY, 'webhook-endpoints'],
  deliveries: (endpointId: string, cursor: string | undefined) => [DASHBOARD_KEY, 'webhook-endpoints', endpointId, 'deliveries', cursor ?? ''],
};

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

/** POST /api/auth/password: answers this browser's new session (every other one has ended). Only the two passwords are sent, whatever else the caller's values hold. */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: ChangePasswordRequest) =>
      apiRequest<ChangePasswordResponse>('/api/auth/password', { method: 'POST', json: { currentPassword, newPassword } }),
  });
}

export function usePaymentMethods() {
  return useQuery({ queryKey: keys.methods, queryFn: () => apiRequest<PaymentMethod[]>('/api/payment-methods') });
}

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPaymentMethodRequest) => apiRequest<PaymentMethod>('/api/payment-methods', { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.methods }),
  });
}

export function useConfigurePaymentMethod(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfigurePaymentMethodRequest) => apiRequest<PaymentMethod>(`/api/payment-methods/${path(id)}`, { method: 'PATCH', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.methods }),
  });
}

export function useApiKeys() {
  return useQuery({ queryKey: keys.apiKeys, queryFn: () => apiRequest<ApiKey[]>('/api/merchants/api-keys') });
}

/** The answer is the only time the full key exists outside the merchant's hands. */
export function useRotateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (environment: Environment) => apiRequest<ApiKey>(`/api/merchants/api-keys/${path(environment)}/rotate`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.apiKeys }),
  });
}

export function useIpnSettings() {
  return useQuery({ queryKey: keys.ipn, queryFn: () => apiRequest<IpnSettings>('/api/merchants/ipn') });
}

/** The endpoints of the merchant's current environment. */
export function useWebhookEndpoints() {
  return useQuery({ queryKey: keys.endpoints, queryFn: () => apiRequest<WebhookEndpoint[]>('/api/webhook-endpoints') });
}

export interface WebhookEndpointInput {
  url: string;
  description?: string | undefined;
  eventTypes: WebhookEventType[];
}

/** Answers the endpoint with its signing secret in full, this once. */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointInput) => apiRequest<WebhookEndpoint>('/api/webhook-endpoints', { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.endpoints }),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; url?: string; eventTypes?: WebhookEventType[]; enabled?: boolean }) =>
      apiRequest<WebhookEndpoint>(`/api/webhook-endpoints/${path(id)}`, { method: 'PATCH', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.endpoints }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/webhook-endpoints/${path(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.endpoints }),
  });
}

/** The new secret in full, this once; the old one stops signing at once. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<WebhookEndpoint>(`/api/webhook-endpoints/${path(id)}/rotate-secret`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.endpoints }),
  });
}

const DELIVERY_PAGE = 20;
/** While a delivery is still pending its row changes on its own; look again this often. */
const PENDING_REFRESH_MS = 3000;

export function useWebhookDeliveries(endpointId: string, cursor: string | undefined) {
  return useQuery({
    queryKey: keys.deliveries(endpointId, cursor),
    queryFn: () => {
      const query = new URLSearchParams({ limit: String(DELIVERY_PAGE) });
      if (cursor) query.set('cursor', cursor);
      return apiRequest<WebhookDeliveryPage>(`/api/webhook-endpoints/${path(endpointId)}/deliveries?${query.toString()}`);
    },
    refetchInterval: (query) => (query.state.data?.data.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false),
  });
}

export function useRetryDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => apiRequest<{ id: string; status: 'pending' }>(`/api/webhook-endpoints/${path(endpointId)}/deliveries/${path(deliveryId)}/retry`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [DASHBOARD_KEY, 'webhook-endpoints', endpointId, 'deliveries'] }),
  });
}
