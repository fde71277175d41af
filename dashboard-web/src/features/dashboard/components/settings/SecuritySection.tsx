import { Button } from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import { useLogout } from '../../../../lib/session';
import { Field, FieldList, SettingsSection } from './SettingsSection';

/** How this account is protected: facts about what the platform does, not switches it does not have. */
export function SecuritySection({ email }: { email: string }) {
  const logout = useLogout();
  return (
    <SettingsSection
      title="Security Settings"
      actions={<Button variant="outlined" startIcon={<Logout />} onClick={logout}>Sign out</Button>}
    >
      <FieldList>
        <Field label="Sign-in">E-mail and password ({email}); a session lasts 7 days, then you sign in again.</Field>
        <Field label="API keys">Stored only as a SHA-256 hash; a rotated key stops working at once.</Field>
        <Field label="Webhook signatures">Every delivery is signed (Standard Webhooks, HMAC-SHA256) with the endpoint's secret.</Field>
        <Field label="Webhook URLs">Must use https and a public address; private and loopback addresses are refused (a local development server allows them).</Field>
        <Field label="Transport">256-bit TLS; card data is tokenized by the gateway and never reaches your servers (PCI DSS Level 1).</Field>
      </FieldList>
    </SettingsSection>
  );
}
