import { Box, Container, Grid, Link, Skeleton, Typography } from '@mui/material';
import { PageHeader } from '../../../components/page';
import { useServiceStatus } from '../api/status-api';
import { overallStatus } from '../status-rules';
import { COMPANY_NUMBER } from '../status-content';
import { OverallBanner } from '../components/OverallBanner';
import { ServiceCard } from '../components/ServiceCard';
import { IncidentList } from '../components/IncidentList';

export default function StatusPage() {
  const { data } = useServiceStatus();
  const services = data?.services ?? [];

  return (
    <>
      <PageHeader title="System Status" subtitle="Live health of the Tallyline platform, checked every 30 seconds." />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        {data ? (
          <OverallBanner status={overallStatus(services)} checkedAt={services[0]?.lastCheck ?? null} reachable={data.reachable} />
        ) : (
          <Box role="status" aria-live="polite">
            <Skeleton variant="rounded" height={88} />
            <Typography sx={{ mt: 1 }} color="text.secondary">Checking services…</Typography>
          </Box>
        )}

        <Box component="section" aria-labelledby="services-title" sx={{ mt: 5 }}>
          <Typography id="services-title" variant="h2" sx={{ fontSize: 24, fontWeight: 800, mb: 2 }}>Services</Typography>
          <Grid container spacing={2} aria-busy={!data}>
            {data
              ? services.map((service) => (
                  <Grid key={service.name} size={{ xs: 12, sm: 6, md: 4 }}>
                    <ServiceCard service={service} />
                  </Grid>
                ))
              : [0, 1, 2, 3, 4].map((index) => (
                  <Grid key={index} size={{ xs: 12, sm: 6, md: 4 }}>
                    <Skeleton variant="rounded" height={190} />
                  </Grid>
                ))}
          </Grid>
        </Box>

        <Box component="section" aria-labelledby="incidents-title" sx={{ mt: 6 }}>
          <Typography id="incidents-title" variant="h2" sx={{ fontSize: 24, fontWeight: 800, mb: 2 }}>Recent incidents</Typography>
          <IncidentList />
        </Box>

        <Box sx={{ mt: 6, pt: 3, borderTop: 1, borderColor: 'divider' }} data-testid="status-footer">
          <Typography variant="body2" color="text.secondary">
            Tallyline Ltd, registered in England and Wales, company number {COMPANY_NUMBER}. For help with an incident,
            e-mail <Link href="mailto:support@tallyline.com">support@tallyline.com</Link>.
          </Typography>
        </Box>
      </Container>
    </>
  );
}
