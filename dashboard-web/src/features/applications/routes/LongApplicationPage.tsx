import { lazy, Suspense, useState } from 'react';
import { Box, Container, Link, Typography } from '@mui/material';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Link as RouterLink } from 'wouter';
import type { SubmitApplicationResponse } from '@tallyline/contracts';
import { LongApplicationForm } from '../components/LongApplicationForm';

/** Shown once the application is sent (the server answered, so it can be downloaded then): not with the form. */
const LongApplicationSubmitted = lazy(() => import('../components/LongApplicationSubmitted'));

/** /merchant-application: the full application; the quick pre-check with documents is at /merchant-application/form. */
export default function LongApplicationPage() {
  const [submitted, setSubmitted] = useState<SubmitApplicationResponse | null>(null);

  // Spec: the view replaces the form once it is sent.
  if (submitted) {
    return (
      <Suspense fallback={null}>
        <LongApplicationSubmitted reference={submitted.reference} />
      </Suspense>
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
