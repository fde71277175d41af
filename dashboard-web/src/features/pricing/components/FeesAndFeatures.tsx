import { Card, CardContent, Grid, List, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { ListRow } from '../../../components/list-row';
import { ADDITIONAL_FEES } from '../../../components/pricing';
import { INCLUDED_FEATURES } from '../pricing-content';

/** Additional fees next to what every plan includes. */
export function FeesAndFeatures() {
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardContent>
            <Typography id="additional-fees-title" variant="h2" sx={{ fontSize: 22, fontWeight: 700, mb: 1 }}>Additional fees</Typography>
            <List aria-labelledby="additional-fees-title">
              {ADDITIONAL_FEES.map((fee) => (
                <ListRow key={fee.name} divider sx={{ justifyContent: 'space-between', gap: 2 }}>
                  <Typography>{fee.name}</Typography>
                  <Typography sx={{ fontWeight: 700, textAlign: 'right', whiteSpace: 'nowrap' }}>{fee.price}</Typography>
                </ListRow>
              ))}
            </List>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardContent>
            <Typography id="included-title" variant="h2" sx={{ fontSize: 22, fontWeight: 700, mb: 1 }}>Included in every plan</Typography>
            <List dense aria-labelledby="included-title">
              {INCLUDED_FEATURES.map((feature) => (
                <ListRow key={feature} dense>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <CheckCircle color="success" fontSize="small" aria-hidden />
                  </ListItemIcon>
                  <ListItemText primary={feature} />
                </ListRow>
              ))}
            </List>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
