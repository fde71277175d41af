import { Button, Card, CardContent, Container, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { Link as RouterLink } from 'wouter';

/** The long application's Application Submitted view, which replaces the form (spec: "Merchant application: long form"). */
export default function LongApplicationSubmitted({ reference }: { reference: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 }, textAlign: 'center' }}>
      <CheckCircle sx={{ fontSize: 64, color: 'success.main', mb: 2 }} aria-hidden />
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, fontWeight: 700, mb: 1.5 }}>Application Submitted</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Thank you. Our compliance team will review your application within 24-48 hours and e-mail you the outcome.
      </Typography>
      <Card variant="outlined" sx={{ mb: 3, bgcolor: 'grey.50' }}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">Your reference number</Typography>
          <Typography data-testid="application-reference" sx={{ fontFamily: 'monospace', fontSize: 18, fontWeight: 700 }}>
            {reference}
          </Typography>
        </CardContent>
      </Card>
      <Button component={RouterLink} to="/" variant="contained" disableElevation>Return to Homepage</Button>
    </Container>
  );
}
