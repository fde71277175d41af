import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import TrendingUp from '@mui/icons-material/TrendingUp';
import { SAMPLE_ANALYTICS } from '../home-content';
import { Tag } from '../../../components/tag';

/** A dashboard preview with static figures, visibly marked as sample data so nobody reads it as live. */
export function SampleAnalytics() {
  return (
    <Card variant="outlined" sx={{ bgcolor: '#f8fafc' }} aria-labelledby="sample-analytics-title">
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography id="sample-analytics-title" component="h3" sx={{ fontWeight: 700, fontSize: 18 }}>
            Dashboard preview
          </Typography>
          <Tag label="Sample data" size="small" data-testid="sample-data-chip" sx={{ bgcolor: '#fef3c7', color: '#78350f', fontWeight: 700 }} />
        </Box>
        <Grid container spacing={2}>
          {SAMPLE_ANALYTICS.map((figure) => (
            <Grid key={figure.label} size={{ xs: 12, sm: 4 }}>
              <Box sx={{ bgcolor: 'background.paper', borderRadius: 2, p: 2, border: 1, borderColor: 'divider' }}>
                <Typography variant="body2" color="text.secondary">{figure.label}</Typography>
                <Typography sx={{ fontSize: 26, fontWeight: 800 }}>{figure.value}</Typography>
                <Typography variant="body2" sx={{ color: 'success.dark', display: 'flex', alignItems: 'center', gap: 0.5 }}>
                  <TrendingUp fontSize="small" aria-hidden /> {figure.change} vs last month
                </Typography>
              </Box>
            </Grid>
          ))}
        </Grid>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
          Illustrative figures for a sample merchant, not live Tallyline data.
        </Typography>
      </CardContent>
    </Card>
  );
}
