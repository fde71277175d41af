import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Container, Grid, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { PageHeader } from '../../../components/page';
import { PlanCard, STARTER_PLAN, formatRate } from '../../../components/pricing';
import { API_AND_COVERAGE, ENTERPRISE_FEATURES, SALES_EMAIL, SOLUTIONS } from '../products-content';
import { SolutionCard } from '../components/SolutionCard';

function Section({ id, title, children, shaded = false }: { id: string; title: string; children: ReactNode; shaded?: boolean }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ py: { xs: 5, md: 8 }, bgcolor: shaded ? '#f8fafc' : undefined }}>
      <Container maxWidth="lg">
        <Typography id={id} variant="h2" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 800, mb: 4 }}>{title}</Typography>
        {children}
      </Container>
    </Box>
  );
}

const lightOutlined = { color: 'common.white', borderColor: 'rgba(255,255,255,0.7)', '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255,255,255,0.08)' } };

export default function ProductsPage() {
  return (
    <>
      <PageHeader
        title="Payment solutions for every business"
        subtitle="Payment processing, fraud protection, analytics and a developer API: everything a merchant needs to get paid, from the first sale to enterprise scale."
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button component={RouterLink} to="/merchant-application" variant="contained" disableElevation sx={{ bgcolor: 'common.white', color: 'primary.dark', '&:hover': { bgcolor: '#e3e9fb' } }}>
            Apply as Merchant
          </Button>
          <Button component={RouterLink} to="/dashboard" variant="outlined" sx={lightOutlined}>
            View demo dashboard
          </Button>
        </Stack>
      </PageHeader>

      <Section id="solutions-title" title="What Tallyline does">
        <Grid container spacing={3}>
          {SOLUTIONS.map((solution) => (
            <Grid key={solution.title} size={{ xs: 12, md: 4 }}>
              <SolutionCard solution={solution} />
            </Grid>
          ))}
        </Grid>
        <Typography sx={{ mt: 3 }}>
          How we protect card data and accounts is described on our <Link component={RouterLink} to="/security">Security page</Link>.
        </Typography>
      </Section>

      <Section id="api-title" title="Built for developers, ready for the world" shaded>
        <Grid container spacing={3}>
          {API_AND_COVERAGE.map((solution) => (
            <Grid key={solution.title} size={{ xs: 12, md: 6 }}>
              <SolutionCard solution={solution} />
            </Grid>
          ))}
        </Grid>
        <Button component={RouterLink} to="/developers" variant="outlined" sx={{ mt: 3 }}>Read the developer docs</Button>
      </Section>

      <Section id="enterprise-title" title="Enterprise features">
        <Grid container spacing={3}>
          {ENTERPRISE_FEATURES.map((feature) => (
            <Grid key={feature.title} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography component="h3" sx={{ fontWeight: 700, fontSize: 18, mb: 1 }}>{feature.title}</Typography>
                  <Typography color="text.secondary">{feature.text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Button href={`mailto:${SALES_EMAIL}`} variant="outlined" sx={{ mt: 3 }}>Contact sales</Button>
      </Section>

      <Section id="pricing-title" title="Simple, transparent pricing" shaded>
        <Grid container spacing={4} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <PlanCard
              name={STARTER_PLAN.name}
              audience={STARTER_PLAN.audience}
              price={formatRate(STARTER_PLAN.cards)}
              priceNote="per successful transaction"
              features={STARTER_PLAN.features}
              cta={{ label: 'See all plans', to: '/pricing' }}
              highlighted
            />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Typography sx={{ fontSize: 18, mb: 2 }}>
              Pay only for successful transactions. Lower rates and faster settlement on Professional and Scale,
              and custom pricing from 1.4% for enterprise volumes.
            </Typography>
            <Button component={RouterLink} to="/pricing" variant="contained" disableElevation>Compare plans</Button>
          </Grid>
        </Grid>
      </Section>

      <Box component="section" aria-labelledby="products-cta-title" sx={{ py: { xs: 6, md: 8 }, bgcolor: '#0f172a', color: 'common.white', textAlign: 'center' }}>
        <Container maxWidth="md">
          <Typography id="products-cta-title" variant="h2" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 800, mb: 1.5 }}>
            Start accepting payments in 24 hours
          </Typography>
          <Typography sx={{ color: '#cbd5e1', mb: 4 }}>Apply online, or talk to our sales team about enterprise needs.</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to="/merchant-application" variant="contained" disableElevation size="large">Apply as Merchant</Button>
            <Button href={`mailto:${SALES_EMAIL}`} variant="outlined" size="large" sx={lightOutlined}>Contact sales</Button>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
