import { Stack } from '@mui/material';
import type { Merchant, User } from '@tallyline/contracts';
import { AccountSection } from './AccountSection';
import { ApiKeysSection } from './ApiKeysSection';
import { IntegrationStatusSection } from './IntegrationStatusSection';
import { IpnSection } from './IpnSection';
import { SecuritySection } from './SecuritySection';
import { WebhookEndpointsSection } from './WebhookEndpointsSection';

export default function SettingsTab({ user, merchant }: { user: User; merchant: Merchant }) {
  return (
    <Stack spacing={3}>
      <IntegrationStatusSection environment={merchant.environment} />
      <AccountSection user={user} merchant={merchant} />
      <IpnSection />
      <ApiKeysSection environment={merchant.environment} />
      <WebhookEndpointsSection />
      <SecuritySection email={user.email} />
    </Stack>
  );
}
