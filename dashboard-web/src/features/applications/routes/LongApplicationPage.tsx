import { useState } from 'react';
import { Box, Button, Card, CardContent, Container, Link, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Link as RouterLink } from 'wouter';
import type { SubmitApplicationResponse } from '@tallyline/contracts';
import { LongApplicationForm } from '../components/LongApplicationForm';

/** /merchant-application: the full application; the quick pre-check with documents is at /merchant-application/form. */
export default function LongApplicationPage() {
  const [submitted, setSubmitted] = useState<SubmitApplicationResponse | null>(null);

  if (submitted) {
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
              {submitted.reference}
            </Typography>
          </CardContent>
        </Card>
        <Button component={RouterLink} to="/" variant="contained" disableElevation>Return to Homepage</Button>
      </Container>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, fontWeight: 700, mb: 1 }}>Apply as a Merchant</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Tell us about your business, how you take payments and how you manage risk. We review every application within 24-48 hours.
      </Typography>
      {/* An info note in the colours of MUI's info Alert, without Alert (2 KiB of gzipped JavaScript on this page). */}
      <Box sx={{ display: 'flex', gap: 1.5, mb: 4, px: 2, py: 1.5, borderRadius: 1, bgcolor: '#e5f6fd', color: '#014361' }}>
        <InfoOutlined sx={{ color: 'info.main', fontSize: 22 }} aria-hidden />
        <Typography variant="body2" sx={{ pt: '2px' }}>
          Ready to upload your documents? Use the{' '}
          <Link component={RouterLink} to="/merchant-application/form">pre-check application with document upload</Link> instead.
        </Typography>
      </Box>
      <Box>
        <LongApplicationForm onSubmitted={setSubmitted} />
      </Box>
    </Container>
  );
}
