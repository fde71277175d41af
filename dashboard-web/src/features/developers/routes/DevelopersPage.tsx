import { useEffect, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Container, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';
import { PageHeader } from '../../../components/page';
import { API_FEATURES } from '../api-reference';
import { QuickStart } from '../components/QuickStart';
import { ApiReference } from '../components/ApiReference';
import { TestingSection } from '../components/TestingSection';
import { Resources } from '../components/Resources';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // scrollMarginTop keeps an anchored heading clear of the sticky header.
    <Box component="section" id={id} aria-labelledby={`${id}-title`} sx={{ py: { xs: 4, md: 6 }, scrollMarginTop: 72 }}>
      <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: { xs: 24, md: 30 }, fontWeight: 800, mb: 2 }}>{title}</Typography>
      {children}
    </Box>
  );
}

const lightOutlined = { color: 'common.white', borderColor: 'rgba(255,255,255,0.7)', '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255,255,255,0.08)' } };

export default function DevelopersPage() {
  const hash = useLocationProperty(() => location.hash, () => '');
  // The page is code-split, so the browser's own jump to #anchor happens before the section exists.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <PageHeader title="Developer Documentation" subtitle="Everything you need to take payments with the Tallyline API: quick start, reference, webhooks and test cards.">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button href="#quick-start" variant="contained" disableElevation sx={{ bgcolor: 'common.white', color: 'primary.dark', '&:hover': { bgcolor: '#e3e9fb' } }}>
            Quick Start
          </Button>
          <Button href="#api-reference" variant="outlined" sx={lightOutlined}>API Reference</Button>
          <Button component={RouterLink} to="/merchant-application" variant="outlined" sx={lightOutlined}>Get API Keys</Button>
        </Stack>
      </PageHeader>
      <Container maxWidth="lg">
        <Section id="api-features" title="API features">
          <Grid container spacing={2}>
            {API_FEATURES.map((feature) => (
              <Grid key={feature.title} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>{feature.title}</Typography>
                    <Typography variant="body2" color="text.secondary">{feature.text}</Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Section>
        <Section id="quick-start" title="Quick Start">
          <QuickStart />
        </Section>
        <Section id="api-reference" title="API Reference">
          <ApiReference />
        </Section>
        <Section id="testing" title="Testing">
          <TestingSection />
        </Section>
        <Section id="resources" title="Resources">
          <Resources />
        </Section>
        <Box sx={{ textAlign: 'center', bgcolor: '#eef2ff', borderRadius: 3, p: { xs: 3, md: 5 }, mb: 6 }}>
          <Typography variant="h2" sx={{ fontSize: { xs: 22, md: 28 }, fontWeight: 800, mb: 1 }}>Ready to build?</Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>Apply as a merchant to get your staging and production API keys.</Typography>
          <Button component={RouterLink} to="/merchant-application" variant="contained" disableElevation size="large">Get API Keys</Button>
        </Box>
      </Container>
    </>
  );
}
