import { Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { ENTERPRISE, formatBps } from '../../../components/pricing';
import { ENTERPRISE_BENEFITS, SALES_EMAIL } from '../pricing-content';

export function EnterprisePricing() {
  return (
    <Box>
      <Card variant="outlined" sx={{ mb: 4, background: 'linear-gradient(135deg, #0f172a 0%, #1e293b 100%)', color: 'common.white' }}>
        <CardContent sx={{ p: { xs: 3, md: 5 } }}>
          <Typography variant="h2" sx={{ fontSize: { xs: 24, md: 30 }, fontWeight: 800, mb: 1 }}>Enterprise pricing</Typography>
          <Typography sx={{ fontSize: 34, fontWeight: 800, color: '#93c5fd' }}>from {formatBps(ENTERPRISE.fromBps)}</Typography>
          <Typography sx={{ color: '#cbd5e1', mb: 3, maxWidth: 620 }}>
            Custom pricing applies for merchants processing £500k+ a month. Tell us about your volume, payment mix and
            markets and we will send a quote.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button href={`mailto:${SALES_EMAIL}`} variant="contained" disableElevation>Contact sales</Button>
            <Button component={RouterLink} to="/merchant-application" variant="outlined" sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,0.7)' }}>
              Get Custom Quote
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Grid container spacing={3}>
        {ENTERPRISE_BENEFITS.map((benefit) => (
          <Grid key={benefit.title} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Typography component="h3" sx={{ fontWeight: 700, fontSize: 18, mb: 1 }}>{benefit.title}</Typography>
                <Typography color="text.secondary">{benefit.text}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
