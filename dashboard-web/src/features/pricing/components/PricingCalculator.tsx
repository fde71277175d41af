import { useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, Grid, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { NativeSelectField } from '../../../components/text-input/NativeSelectField';
import { ENTERPRISE, formatBps, formatPence } from '../../../components/pricing';
import { VALUE_BANDS, VOLUME_BANDS, estimateMonthlyCost } from '../pricing-calculator';
import { EstimateBreakdown } from './EstimateBreakdown';

/** Pick a monthly volume and an average payment; see what each plan would cost for a month. */
export function PricingCalculator() {
  const [volumeBand, setVolumeBand] = useState<string>(VOLUME_BANDS[1].id);
  const [valueBand, setValueBand] = useState<string>(VALUE_BANDS[1].id);
  const estimate = useMemo(() => estimateMonthlyCost(volumeBand, valueBand), [volumeBand, valueBand]);

  return (
    <Card variant="outlined" sx={{ bgcolor: '#f8fafc' }}>
      <CardContent sx={{ p: { xs: 2, md: 4 } }}>
        <Grid container spacing={2} sx={{ mb: 3 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <NativeSelectField
              fullWidth
              id="calculator-volume"
              label="Monthly volume"
              value={volumeBand}
              onChange={(event) => setVolumeBand(event.target.value)}
              sx={{ bgcolor: 'background.paper' }}
            >
              {VOLUME_BANDS.map((band) => (
                <option key={band.id} value={band.id}>{band.label}</option>
              ))}
            </NativeSelectField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <NativeSelectField
              fullWidth
              id="calculator-value"
              label="Average transaction value"
              value={valueBand}
              onChange={(event) => setValueBand(event.target.value)}
              sx={{ bgcolor: 'background.paper' }}
            >
              {VALUE_BANDS.map((band) => (
                <option key={band.id} value={band.id}>{band.label}</option>
              ))}
            </NativeSelectField>
          </Grid>
        </Grid>

        <Box data-testid="calculator-result">
          <Typography sx={{ mb: 2 }} aria-live="polite">
            About <strong>{estimate.transactions.toLocaleString('en-GB')}</strong> payments a month:{' '}
            {formatPence(estimate.volumePence, { wholePounds: true })} at an average of {formatPence(estimate.averagePence, { wholePounds: true })}.
          </Typography>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            {estimate.plans.map((plan) => (
              <Grid key={plan.planId} size={{ xs: 12, sm: 6, md: 3 }}>
                <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, p: 2, height: '100%' }} data-testid={`estimate-${plan.planId}`}>
                  <Typography component="h3" sx={{ fontWeight: 700 }}>{plan.name}</Typography>
                  <Typography sx={{ fontSize: 24, fontWeight: 800, color: 'primary.dark' }} data-testid={`estimate-${plan.planId}-amount`}>
                    {formatPence(plan.cards)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">a month, UK & EU cards</Typography>
                </Box>
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, p: 2, height: '100%' }} data-testid="estimate-enterprise">
                <Typography component="h3" sx={{ fontWeight: 700 }}>{ENTERPRISE.name}</Typography>
                <Typography sx={{ fontSize: 24, fontWeight: 800, color: 'primary.dark' }}>from {formatPence(estimate.enterpriseFromPence)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {estimate.customPricingApplies ? 'Custom pricing applies at this volume' : `${formatBps(ENTERPRISE.fromBps)} floor; custom pricing starts at £500k a month`}
                </Typography>
              </Box>
            </Grid>
          </Grid>
        </Box>

        <EstimateBreakdown estimate={estimate} />

        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="calculator-assumptions">
          How we estimate: each band stands for its midpoint (£10-50k counts as £30,000; £50-100 as £75). The open-ended
          bands count as one and a half times their lower bound (£500k+ as £750,000; £500+ as £750). Payments a month are the
          volume divided by the average value, rounded to the nearest whole payment. Each plan&apos;s cost is its percentage of
          the monthly volume plus its fixed fee on every payment, rounded to the nearest penny, assuming every payment
          succeeds and uses one method. The pricing page and our FAQ quote different fees for digital wallets and bank
          transfers, so both readings are shown. Additional fees (chargebacks, currency conversion, express settlement) are
          not included. This is an estimate, not a quote.
        </Typography>
        <Button component={RouterLink} to="/merchant-application" variant="contained" disableElevation sx={{ mt: 3 }}>
          Get Custom Quote
        </Button>
      </CardContent>
    </Card>
  );
}
