import { Alert, Box, Button, Typography } from '@mui/material';
import { errorMessage } from '../../../lib/api';

/** A query's failure with a way to try again. */
export function LoadError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <Alert severity="error" action={<Button color="inherit" size="small" onClick={onRetry}>Retry</Button>}>
      Could not load {what}: {errorMessage(error, 'Please try again.')}
    </Alert>
  );
}

export function EmptyState({ children, hint }: { children: string; hint?: string | undefined }) {
  return (
    <Box sx={{ py: 5, textAlign: 'center' }}>
      <Typography color="text.secondary">{children}</Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
