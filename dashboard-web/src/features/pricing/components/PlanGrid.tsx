import { Grid, Typography } from '@mui/material';
import { ENTERPRISE, PlanCard, STANDARD_PLANS, formatBps, formatRate } from '../../../components/pricing';
import { SALES_EMAIL } from '../pricing-content';

/** The four plans side by side on wide screens, stacked on phones. */
export function PlanGrid() {
  return (
    <Grid container spacing={3}>
      {STANDARD_PLANS.map((plan) => (
        <Grid key={plan.id} size={{ xs: 12, sm: 6, lg: 3 }}>
          <PlanCard
            name={plan.name}
            audience={plan.audience}
            price={formatRate(plan.cards)}
            priceNote="per successful UK & EU card transaction"
            features={plan.features}
            highlighted={plan.highlighted}
            badge={plan.highlighted ? 'Most popular' : undefined}
            cta={{ label: 'Get started', to: '/merchant-application' }}
            extra={<Typography variant="body2" sx={{ fontWeight: 600 }}>Settlement {plan.settlement}</Typography>}
          />
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <PlanCard
          name={ENTERPRISE.name}
          audience={ENTERPRISE.audience}
          price="Custom"
          priceNote={`from ${formatBps(ENTERPRISE.fromBps)} for £500k+ monthly volume`}
          features={ENTERPRISE.features}
          cta={{ label: 'Contact sales', href: `mailto:${SALES_EMAIL}` }}
        />
      </Grid>
    </Grid>
  );
}
