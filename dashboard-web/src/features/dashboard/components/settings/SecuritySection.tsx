import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import Key from '@mui/icons-material/Key';
import Logout from '@mui/icons-material/Logout';
import { useLogout } from '../../../../lib/session';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { Field, FieldList, SettingsSection } from './SettingsSection';

/** How this account is protected: facts about what the platform does, and the two things the owner can do. */
export function SecuritySection({ email }: { email: string }) {
  const logout = useLogout();
  const [changing, setChanging] = useState(false);
  return (
    <SettingsSection
      title="Security Settings"
      actions={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<Key />} onClick={() => setChanging(true)}>Change password</Button>
          <Button variant="outlined" startIcon={<Logout />} onClick={logout}>Sign out</Button>
        </Stack>
      }
    >
      <FieldList>
        <Field label="Sign-in">E-mail and password ({email}); a session lasts 7 days. Signing out ends it at once; changing the password ends every session.</Field>
        <Field label="API keys">Stored only as a SHA-256 hash; a rotated key stops working at once.</Field>
        <Field label="Webhook signatures">Every delivery is signed (Standard Webhooks, HMAC-SHA256) with the endpoint's secret.</Field>
        <Field label="Webhook URLs">Must use https and a public address; private and loopback addresses are refused (a local development server allows them).</Field>
        <Field label="Transport">256-bit TLS; card data is tokenized by the gateway and never reaches your servers (PCI DSS Level 1).</Field>
      </FieldList>
      {changing && <ChangePasswordDialog onClose={() => setChanging(false)} />}
    </SettingsSection>
  );
}
