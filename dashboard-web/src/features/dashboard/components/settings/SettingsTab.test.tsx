import '@testing-library/jest-dom/jest-globals';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Merchant, User, WebhookDelivery, WebhookEndpoint } from '@tallyline/contracts';
import { mockFetch } from '../../../../../test/fetch';
import { answerBy, bodyOf, calls, renderTab } from '../../../../../test/dashboard';
import { DisabledEndpointsBanner } from '../DisabledEndpointsBanner';
import SettingsTab from './SettingsTab';

const user: User = { id: 'u1', email: 'olive@example.test', firstName: 'Olive', lastName: 'Owner', role: 'merchant' };
const merchant: Merchant = { id: 'u1', companyName: 'Acme Widgets', email: 'olive@example.test', website: null, businessType: 'Retail', environment: 'staging', isActive: true, createdAt: '2026-01-02T10:00:00Z' };
const ENDPOINT_ID = '0b9e7c1a-0000-4000-8000-000000000001';
const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: ENDPOINT_ID,
  url: 'https://shop.example/hooks',
  description: null,
  eventTypes: [],
  environment: 'staging',
  enabled: true,
  disabledReason: null,
  secret: 'whsec_••••abcd',
  createdAt: '2026-01-02T10:00:00Z',
  ...overrides,
});
const delivery: WebhookDelivery = {
  id: '5d2f0c2e-0000-4000-8000-000000000009',
  webhookId: 'msg_1',
  eventType: 'payment.completed',
  status: 'failed',
  attempts: 8,
  lastResponseCode: 500,
  lastError: null,
  lastAttemptAt: '2026-01-03T10:00:00Z',
  nextAttemptAt: null,
  createdAt: '2026-01-02T10:00:00Z',
};

const BASE = {
  'GET /api/merchants/api-keys': [200, [{ environment: 'staging', key: 'sk_test_••••••••9f3a', last4: '9f3a', createdAt: '2026-01-02T10:00:00Z' }]],
  'GET /api/merchants/ipn': [200, { gateway: 'sandbox', url: 'https://tallyline.example/api/webhooks/sandbox' }],
  'GET /api/webhook-endpoints': [200, [endpoint()]],
} as const;

// Requests chain (endpoints, then deliveries): on a busy shared machine that takes longer than the 1 s default.
configure({ asyncUtilTimeout: 10_000 });

describe('SettingsTab', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = mockFetch();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn(() => Promise.resolve()) }, configurable: true });
  });

  it('shows the account, the IPN URL with Copied! toast, and the integration status', async () => {
    answerBy(fetchMock, { ...BASE });
    renderTab(<SettingsTab user={user} merchant={merchant} />, '/dashboard/settings');
    expect(screen.getByText('Acme Widgets')).toBeInTheDocument();
    expect(await screen.findByTestId('ipn-url')).toHaveValue('https://tallyline.example/api/webhooks/sandbox');
    await userEvent.click(screen.getByRole('button', { name: 'Copy Webhook URL' }));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(screen.getByText('Webhook URL copied to clipboard.')).toBeInTheDocument();
    const status = await screen.findByTestId('integration-status');
    expect(status).toHaveTextContent('Active (sk_test_••••••••9f3a)');
    expect(status).toHaveTextContent('1 of 1 enabled');
  });

  it('rotating an API key asks first, then shows the full new key once, with copy', async () => {
    answerBy(fetchMock, { ...BASE, 'POST /api/merchants/api-keys/staging/rotate': [201, { environment: 'staging', key: 'sk_test_NEWKEY0000000000000000b2c4', last4: 'b2c4', createdAt: '2026-01-04T10:00:00Z' }] });
    renderTab(<SettingsTab user={user} merchant={merchant} />, '/dashboard/settings');
    const staging = await screen.findByTestId('api-key-staging');
    expect(within(staging).getByTestId('api-key-value')).toHaveValue(`sk_test_${'•'.repeat(16)}`);
    await userEvent.click(within(staging).getByRole('button', { name: 'Show staging API key' }));
    expect(within(staging).getByTestId('api-key-value')).toHaveValue('sk_test_••••••••9f3a');
    expect(within(staging).getByRole('button', { name: 'Copy API key' })).toBeDisabled();

    await userEvent.click(within(staging).getByRole('button', { name: 'Rotate key' }));
    const confirm = screen.getByRole('dialog', { name: 'Rotate the staging API key?' });
    expect(confirm).toHaveTextContent('ending 9f3a');
    expect(calls(fetchMock)).not.toContain('POST /api/merchants/api-keys/staging/rotate');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Rotate key' }));
    const reveal = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(reveal).getByTestId('secret-value')).toHaveValue('sk_test_NEWKEY0000000000000000b2c4');
    // What the key row below does after the dialog: show and copy it until the page is left.
    expect(reveal).toHaveTextContent('Copy this API key now and store it somewhere safe. This page keeps it until you leave or reload it: after that it cannot be displayed again.');
    await userEvent.click(within(reveal).getByRole('button', { name: 'Copy API key' }));
    expect(await screen.findByText('API key copied to clipboard.')).toBeInTheDocument();
    await userEvent.click(within(reveal).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your new API key' })).not.toBeInTheDocument());
  });

  it("adding a webhook endpoint checks the URL with the contract's message, then shows the whsec_ secret once", async () => {
    answerBy(fetchMock, {
      ...BASE,
      'GET /api/webhook-endpoints': [200, []],
      'POST /api/webhook-endpoints': [201, endpoint({ secret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw==', eventTypes: ['payment.completed'] })],
    });
    renderTab(<SettingsTab user={user} merchant={merchant} />, '/dashboard/settings');
    expect(await screen.findByText(/No webhook endpoints yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?endpointForm=new');
    const dialog = screen.getByRole('dialog', { name: 'Add webhook endpoint' });
    await userEvent.type(within(dialog).getByLabelText(/Endpoint URL/), 'shop.example/hooks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Webhook URL must be a valid http(s) URL')).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST /api/webhook-endpoints');

    await userEvent.clear(within(dialog).getByLabelText(/Endpoint URL/));
    await userEvent.type(within(dialog).getByLabelText(/Endpoint URL/), 'https://shop.example/hooks');
    await userEvent.type(within(dialog).getByLabelText('Description (optional)'), 'Order system');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'payment.completed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const reveal = await screen.findByRole('dialog', { name: 'Your webhook signing secret' });
    expect(within(reveal).getByTestId('secret-value')).toHaveValue('whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw==');
    expect(reveal).toHaveTextContent('Copy this signing secret now and store it somewhere safe. It is shown only once: after you close this window it cannot be displayed again.');
    expect(bodyOf(fetchMock, 'POST /api/webhook-endpoints')).toEqual({ url: 'https://shop.example/hooks', description: 'Order system', eventTypes: ['payment.completed'] });
  });

  it('the delivery log of the endpoint in the URL shows status, attempts and response code; Retry re-queues', async () => {
    answerBy(fetchMock, {
      ...BASE,
      [`GET /api/webhook-endpoints/${ENDPOINT_ID}/deliveries`]: [200, { data: [delivery], nextCursor: null }],
      [`POST /api/webhook-endpoints/${ENDPOINT_ID}/deliveries/${delivery.id}/retry`]: [202, { id: delivery.id, status: 'pending' }],
    });
    renderTab(<SettingsTab user={user} merchant={merchant} />, `/dashboard/settings?endpoint=${ENDPOINT_ID}`);
    const log = await screen.findByTestId('delivery-log');
    expect(log).toHaveTextContent('payment.completed');
    expect(within(log).getByTestId('delivery-response-code')).toHaveTextContent('500');
    expect(log).toHaveTextContent('8');
    await userEvent.click(within(log).getByRole('button', { name: `Retry delivery ${delivery.id}` }));
    expect(await screen.findByText('Delivery queued')).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`POST /api/webhook-endpoints/${ENDPOINT_ID}/deliveries/${delivery.id}/retry`);
  });

  it('deleting an endpoint asks first', async () => {
    answerBy(fetchMock, { ...BASE, [`DELETE /api/webhook-endpoints/${ENDPOINT_ID}`]: [204, null] });
    renderTab(<SettingsTab user={user} merchant={merchant} />, '/dashboard/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete https://shop.example/hooks' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this webhook endpoint?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetchMock)).not.toContain(`DELETE /api/webhook-endpoints/${ENDPOINT_ID}`);
    await userEvent.click(screen.getByRole('button', { name: 'Delete https://shop.example/hooks' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete this webhook endpoint?' })).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText('Webhook endpoint deleted')).toBeInTheDocument();
  });

  it('an endpoint the platform disabled after failing for 5 days is told prominently', async () => {
    const reason = 'Deliveries failed for 5 days without a success';
    answerBy(fetchMock, { ...BASE, 'GET /api/webhook-endpoints': [200, [endpoint({ enabled: false, disabledReason: reason }), endpoint({ id: 'other', url: 'https://off.example', enabled: false })]] });
    renderTab(<DisabledEndpointsBanner />, '/dashboard/overview');
    const banner = await screen.findByTestId('disabled-endpoints-banner');
    expect(banner).toHaveTextContent('A webhook endpoint was disabled');
    expect(banner).toHaveTextContent(`https://shop.example/hooks: ${reason}`);
    // Disabled by the merchant itself: nothing to tell.
    expect(banner).not.toHaveTextContent('off.example');
    expect(within(banner).getByRole('link', { name: 'Review endpoint' })).toHaveAttribute('href', `/dashboard/settings?endpoint=${ENDPOINT_ID}`);
  });
});
