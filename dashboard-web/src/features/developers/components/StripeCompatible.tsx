import { Box, List, ListItemText, Typography } from '@mui/material';
import { CodeBlock } from '../../../components/code-block';
import { ListRow } from '../../../components/list-row';
import { ResponsiveTable } from '../../../components/responsive-table';
import { STRIPE_ENDPOINTS, STRIPE_EVENTS } from '../api-reference';
import { STRIPE_NODE_SAMPLE } from '../quick-start-samples';
import { EndpointName } from './EndpointName';
import { Tag } from '../../../components/tag';

/** The /v1 routes, their events and a stripe-node example that runs against this deployment. */
export function StripeCompatible() {
  return (
    <Box>
      <Typography variant="h3" sx={{ fontSize: 20, fontWeight: 700, mt: 3, mb: 1 }}>Stripe-compatible API</Typography>
      <Typography sx={{ mb: 1 }}>
        Already integrated with Stripe? Point Stripe&apos;s official library at Tallyline and your code runs unchanged: the
        same objects (<code>pi_…</code>, <code>re_…</code>, <code>evt_…</code>, <code>we_…</code>), statuses, errors, lists
        and <code>Idempotency-Key</code>. Use your secret key (<code>sk_test_…</code> for staging, <code>sk_live_…</code> for
        production); these routes live at the server&apos;s root, not under /api.
      </Typography>
      <ResponsiveTable
        label="Stripe-compatible endpoints"
        columns={['Endpoint', 'Description']}
        rows={STRIPE_ENDPOINTS.map((endpoint) => ({
          key: `${endpoint.method} ${endpoint.path}`,
          cells: [<EndpointName key="name" endpoint={endpoint} />, endpoint.description],
        }))}
      />
      <CodeBlock title="Node.js (stripe)" code={STRIPE_NODE_SAMPLE} />
      <Typography variant="h3" sx={{ fontSize: 20, fontWeight: 700, mt: 3, mb: 1 }}>Stripe webhook events</Typography>
      <Typography>
        Endpoints registered with <code>POST /v1/webhook_endpoints</code> receive Stripe <code>event</code> objects signed
        with <code>Stripe-Signature</code>; verify them with <code>stripe.webhooks.constructEvent</code>.
      </Typography>
      <List dense data-testid="stripe-events">
        {STRIPE_EVENTS.map((event) => (
          <ListRow key={event.name} dense>
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <code>{event.name}</code>
                  {!event.available && <Tag size="small" label="Not available" />}
                </Box>
              }
              secondary={event.description}
            />
          </ListRow>
        ))}
      </List>
    </Box>
  );
}
