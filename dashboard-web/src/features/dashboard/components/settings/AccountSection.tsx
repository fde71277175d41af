import { Chip } from '@mui/material';
import type { Merchant, User } from '@tallyline/contracts';
import { formatDate } from '../../format';
import { Field, FieldList, SettingsSection } from './SettingsSection';

/** Read-only, as the spec has it: the account is changed through support. */
export function AccountSection({ user, merchant }: { user: User; merchant: Merchant }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <SettingsSection title="Account Information" subtitle="Contact support to change these details.">
      <FieldList>
        <Field label="Company name">{merchant.companyName}</Field>
        <Field label="Business e-mail">{merchant.email}</Field>
        <Field label="Website">{merchant.website ?? 'Not set'}</Field>
        <Field label="Business type">{merchant.businessType}</Field>
        <Field label="Signed in as">{name ? `${name} (${user.email})` : user.email}</Field>
        <Field label="Account status">
          <Chip size="small" label={merchant.isActive ? 'Active' : 'Inactive'} color={merchant.isActive ? 'success' : 'default'} />
        </Field>
        <Field label="Member since">{formatDate(merchant.createdAt)}</Field>
      </FieldList>
    </SettingsSection>
  );
}
