import { Box, Button, Chip } from '@mui/material';
import type { Environment } from '@tallyline/contracts';
import { useSwitchEnvironment } from '../../lib/session';
import { useToast } from '../toast';

const BADGE: Record<Environment, { label: string; bg: string; fg: string }> = {
  production: { label: 'Production', bg: '#1b7a2e', fg: '#ffffff' },
  staging: { label: 'Staging', bg: '#f57c00', fg: '#1a1a1a' },
};

/** The merchant's environment badge (green production, orange staging) and its toggle. */
export function EnvironmentSwitch({ environment, compact = false }: { environment: Environment; compact?: boolean }) {
  const toast = useToast();
  const switchEnvironment = useSwitchEnvironment();
  const badge = BADGE[environment];
  const other = environment === 'production' ? 'staging' : 'production';

  const onSwitch = () =>
    switchEnvironment.mutate(other, {
      onSuccess: () => toast({ title: 'Environment updated', description: 'Your environment has been successfully updated' }),
      onError: () => toast({ title: 'Failed to update environment', description: 'Please try again', variant: 'destructive' }),
    });

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: compact ? 'wrap' : 'nowrap', whiteSpace: 'nowrap' }}>
      <Chip
        size="small"
        label={badge.label}
        data-testid="environment-badge"
        data-environment={environment}
        aria-label={`Environment: ${badge.label}`}
        sx={{ bgcolor: badge.bg, color: badge.fg, fontWeight: 600 }}
      />
      <Button
        size="small"
        variant="outlined"
        onClick={onSwitch}
        disabled={switchEnvironment.isPending}
        fullWidth={compact}
      >
        {switchEnvironment.isPending ? 'Switching...' : `Switch to ${other}`}
      </Button>
    </Box>
  );
}
