import { Box, Button, Card, CardContent, Container, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import FactCheck from '@mui/icons-material/FactCheck';
import VpnKey from '@mui/icons-material/VpnKey';
import { Link as RouterLink, useSearchParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

/** The reference arrives as navigation state after a submit, or as `?ref=` when the page is reloaded or shared. */
function useReference(): string | null {
  const state = useHistoryState<{ reference?: unknown } | null>();
  const [search] = useSearchParams();
  if (state && typeof state.reference === 'string') return state.reference;
  return search.get('ref');
}

const NEXT_STEPS = [
  {
    icon: <MarkEmailRead color="primary" />,
    title: 'Confirmation e-mail',
    text: 'You will receive a confirmation e-mail with your reference number.',
  },
  {
    icon: <FactCheck color="primary" />,
    title: 'Compliance review',
    text: 'Our compliance team reviews your application within 24-48 hours.',
  },
  {
    icon: <VpnKey color="primary" />,
    title: 'API credentials',
    text: 'Once approved, you receive your API credentials and an integration guide.',
  },
];

export default function ApplicationSuccessPage() {
  const reference = useReference();
  return (
    <Container sx={{ py: { xs: 4, md: 8 } }}>
      <Box sx={{ maxWidth: 640, mx: 'auto', textAlign: 'center' }}>
        <CheckCircle sx={{ fontSize: 64, color: 'success.main', mb: 2 }} aria-hidden />
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, fontWeight: 700, mb: 1.5 }}>
          Application Submitted Successfully
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Thank you for applying to become a Tallyline merchant. We&apos;ll review it within 24-48 hours.
        </Typography>
        {reference && (
          <Card variant="outlined" sx={{ mb: 3, bgcolor: 'grey.50' }}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">Your reference number</Typography>
              <Typography data-testid="application-reference" sx={{ fontFamily: 'monospace', fontSize: 18, fontWeight: 700, wordBreak: 'break-all' }}>
                {reference}
              </Typography>
            </CardContent>
          </Card>
        )}
        <Card variant="outlined" sx={{ textAlign: 'left', mb: 4 }}>
          <CardContent>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>What happens next</Typography>
            <List>
              {NEXT_STEPS.map((step) => (
                <ListItem key={step.title} alignItems="flex-start" disableGutters>
                  <ListItemIcon sx={{ mt: 0.5 }}>{step.icon}</ListItemIcon>
                  <ListItemText primary={step.title} secondary={step.text} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to="/" variant="contained" disableElevation>Return to Homepage</Button>
          <Button component={RouterLink} to="/developers" variant="outlined">View Documentation</Button>
        </Stack>
      </Box>
    </Container>
  );
}
