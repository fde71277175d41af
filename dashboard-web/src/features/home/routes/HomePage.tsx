import type { ReactNode } from 'react';
import { Box, Button, Container, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { FEATURES, PAYMENT_METHODS } from '../home-content';
import { IconCardGrid } from '../components/IconCardGrid';
import { SampleAnalytics } from '../components/SampleAnalytics';
import { Tag } from '../../../components/tag';

function Section({ id, title, intro, children, shaded = false }: { id: string; title: string; intro: string; children: ReactNode; shaded?: boolean }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ py: { xs: 6, md: 9 }, bgcolor: shaded ? '#f8fafc' : undefined }}>
      <Container maxWidth="lg">
        <Typography id={id} variant="h2" sx={{ fontSize: { xs: 26, md: 34 }, fontWeight: 800, mb: 1, textAlign: 'center' }}>{title}</Typography>
        <Typography color="text.secondary" sx={{ mb: 5, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>{intro}</Typography>
        {children}
      </Container>
    </Box>
  );
}

export default function HomePage() {
  return (
    <>
      <Box sx={{ background: 'linear-gradient(135deg, #1f4fd1 0%, #12307f 100%)', color: 'common.white', py: { xs: 7, md: 11 } }}>
        <Container maxWidth="lg">
          <Grid container spacing={5} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Tag label="PCI DSS Level 1 · 99.99% uptime SLA" sx={{ bgcolor: 'rgba(255,255,255,0.15)', color: 'common.white', mb: 2.5 }} />
              <Typography variant="h1" sx={{ fontSize: { xs: 34, sm: 44, md: 54 }, fontWeight: 800, lineHeight: 1.1, letterSpacing: -1, mb: 2.5 }}>
                Payments that grow with your business
              </Typography>
              <Typography sx={{ fontSize: { xs: 17, md: 20 }, color: '#e3e9fb', mb: 4, maxWidth: 580 }}>
                Accept cards, bank transfers and digital wallets in 120+ currencies across 30+ countries, with fraud
                protection, real-time analytics, a developer API and mobile SDKs.
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Button component={RouterLink} to="/merchant-application/form" size="large" variant="contained" disableElevation sx={{ bgcolor: 'common.white', color: 'primary.dark', '&:hover': { bgcolor: '#e3e9fb' } }}>
                  Get started
                </Button>
                <Button component={RouterLink} to="/merchant-application" size="large" variant="outlined" sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,0.7)', '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255,255,255,0.08)' } }}>
                  Apply as Merchant
                </Button>
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <Box
                component="dl"
                sx={{ bgcolor: 'rgba(255,255,255,0.1)', borderRadius: 3, p: 3, m: 0, border: '1px solid rgba(255,255,255,0.2)', display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1.5, alignItems: 'baseline' }}
              >
                {[
                  ['120+', 'currencies'],
                  ['30+', 'countries'],
                  ['< 300 ms', 'processing time'],
                  ['24 hours', 'to start accepting payments'],
                ].map(([figure, label]) => (
                  <Box key={label} sx={{ display: 'contents' }}>
                    <Typography component="dt" sx={{ fontSize: { xs: 22, sm: 28 }, fontWeight: 800, whiteSpace: 'nowrap' }}>{figure}</Typography>
                    <Typography component="dd" sx={{ m: 0, color: '#e3e9fb' }}>{label}</Typography>
                  </Box>
                ))}
              </Box>
            </Grid>
          </Grid>
        </Container>
      </Box>

      <Section id="features-title" title="Why merchants choose Tallyline" intro="Security, reach and insight without stitching together separate providers.">
        <IconCardGrid cards={FEATURES} />
      </Section>

      <Section id="methods-title" title="Every way your customers pay" intro="One integration for the payment methods your customers already use." shaded>
        <IconCardGrid cards={PAYMENT_METHODS} />
      </Section>

      <Section id="analytics-title" title="See your business in real time" intro="Volume, transactions and success rates on one screen, updated as payments happen.">
        <SampleAnalytics />
      </Section>

      <Box component="section" aria-labelledby="cta-title" sx={{ py: { xs: 6, md: 9 }, bgcolor: '#0f172a', color: 'common.white', textAlign: 'center' }}>
        <Container maxWidth="md">
          <Typography id="cta-title" variant="h2" sx={{ fontSize: { xs: 26, md: 34 }, fontWeight: 800, mb: 1.5 }}>
            Ready to start accepting payments?
          </Typography>
          <Typography sx={{ color: '#cbd5e1', mb: 4 }}>
            Apply in minutes. Applications are reviewed within 24-48 hours.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to="/merchant-application/form" size="large" variant="contained" disableElevation>
              Apply as Merchant
            </Button>
            <Button component={RouterLink} to="/developers" size="large" variant="outlined" sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,0.7)', '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255,255,255,0.08)' } }}>
              View Documentation
            </Button>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
