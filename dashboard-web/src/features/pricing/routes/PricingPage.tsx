import { lazy, useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Container, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { LoadWhenNear } from '../../../components/load-when-near';
import { PageHeader } from '../../../components/page';
import { TabPanel, Tabs, type TabItem } from '../../../components/tabs';
import { PlanGrid } from '../components/PlanGrid';
import { MethodPricingTable } from '../components/MethodPricingTable';
import { FeesAndFeatures } from '../components/FeesAndFeatures';
import { EnterprisePricing } from '../components/EnterprisePricing';
import { REASONS } from '../pricing-content';

// Far below the fold, with MUI's inputs for its selects: its code loads as the visitor scrolls towards it.
const PricingCalculator = lazy(() => import('../components/PricingCalculator').then((module) => ({ default: module.PricingCalculator })));

type PricingTab = 'standard' | 'enterprise';

const TABS: TabItem<PricingTab>[] = [
  { value: 'standard', label: 'Standard Pricing' },
  { value: 'enterprise', label: 'Enterprise' },
];

function Block({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: { xs: 6, md: 8 } }}>
      <Typography id={id} variant="h2" sx={{ fontSize: { xs: 24, md: 30 }, fontWeight: 800, mb: intro ? 1 : 3 }}>{title}</Typography>
      {intro && <Typography color="text.secondary" sx={{ mb: 3 }}>{intro}</Typography>}
      {children}
    </Box>
  );
}

/** The calculator's card, empty and as tall as the calculator, while its code loads. */
function CalculatorPlaceholder() {
  return <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#f8fafc', height: { xs: 2040, sm: 1000, md: 780 } }} />;
}

export default function PricingPage() {
  const [tab, setTab] = useState<PricingTab>('standard');
  return (
    <>
      <PageHeader
        title="Simple, transparent pricing"
        subtitle="Pay per successful transaction. No surprises: every fee is listed on this page."
      />
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Tabs group="pricing" label="Pricing options" tabs={TABS} value={tab} onChange={setTab} />

        <TabPanel group="pricing" value="standard" current={tab}>
          <Block id="plans-title" title="Plans">
            <PlanGrid />
          </Block>
          <Block id="method-pricing-title" title="Pricing by payment method">
            <MethodPricingTable />
          </Block>
          <Box sx={{ mb: { xs: 6, md: 8 } }}>
            <FeesAndFeatures />
          </Box>
          <Block id="calculator-title" title="Pricing calculator" intro="Estimate what a month of payments would cost on each plan.">
            <LoadWhenNear placeholder={<CalculatorPlaceholder />}>
              <PricingCalculator />
            </LoadWhenNear>
          </Block>
        </TabPanel>
        <TabPanel group="pricing" value="enterprise" current={tab}>
          <Box sx={{ mb: { xs: 6, md: 8 } }}>
            <EnterprisePricing />
          </Box>
        </TabPanel>

        <Block id="reasons-title" title="Why choose Tallyline">
          <Grid container spacing={3}>
            {REASONS.map((reason) => (
              <Grid key={reason.title} size={{ xs: 12, sm: 6, md: 3 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography component="h3" sx={{ fontWeight: 700, fontSize: 18, mb: 1 }}>{reason.title}</Typography>
                    <Typography color="text.secondary">{reason.text}</Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Block>

        <Box component="section" aria-labelledby="pricing-cta-title" sx={{ textAlign: 'center', bgcolor: '#eef2ff', borderRadius: 3, p: { xs: 3, md: 6 } }}>
          <Typography id="pricing-cta-title" variant="h2" sx={{ fontSize: { xs: 24, md: 30 }, fontWeight: 800, mb: 1 }}>
            Ready to get started?
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>Apply today; applications are reviewed within 24-48 hours.</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to="/merchant-application" variant="contained" disableElevation size="large">Apply as Merchant</Button>
            <Button component={RouterLink} to="/developers" variant="outlined" size="large">View Documentation</Button>
          </Stack>
        </Box>
      </Container>
    </>
  );
}
