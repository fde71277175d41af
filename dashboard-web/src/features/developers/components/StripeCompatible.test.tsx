import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { StripeCompatible } from './StripeCompatible';

describe('the Stripe-compatible section of the Developers page', () => {
  it('lists the /v1 routes, and a stripe-node sample pointed at this host that uses only them', () => {
    render(<StripeCompatible />);
    const paths = screen.getAllByTestId('endpoint-path').map((code) => code.textContent);
    expect(new Set(paths)).toEqual(
      new Set([
        '/v1/payment_intents',
        '/v1/payment_intents/{id}',
        '/v1/payment_intents/{id}/confirm',
        '/v1/payment_intents/{id}/cancel',
        '/v1/refunds',
        '/v1/refunds/{id}',
        '/v1/events',
        '/v1/events/{id}',
        '/v1/webhook_endpoints',
        '/v1/webhook_endpoints/{id}',
      ]),
    );
    const { hostname, port, protocol } = new URL(window.location.origin);
    const sample = screen.getByText(/new Stripe\(/).textContent ?? '';
    expect(sample).toContain(`host: '${hostname}'`);
    expect(sample).toContain(`port: ${port || (protocol === 'https:' ? '443' : '80')}`);
    expect(sample).toContain(`protocol: '${protocol.replace(':', '')}'`);
    expect(sample).not.toContain('{{');
  });

  it('shows invoice.payment_succeeded as not available, and every event Tallyline sends without that mark', () => {
    render(<StripeCompatible />);
    const events = within(screen.getByTestId('stripe-events')).getAllByRole('listitem');
    const unavailable = events.filter((item) => within(item).queryByText('Not available'));
    expect(unavailable.map((item) => item.querySelector('code')?.textContent)).toEqual(['invoice.payment_succeeded']);
    expect(events.map((item) => item.querySelector('code')?.textContent)).toEqual(
      expect.arrayContaining(['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded', 'charge.dispute.created']),
    );
  });
});
