import { Box, Stack, Typography } from '@mui/material';
import { INCIDENTS } from '../status-content';
import { Tag } from '../../../components/tag';

const IMPACT_LABELS = { minor: 'Minor', major: 'Major', maintenance: 'Maintenance' } as const;

export function IncidentList() {
  if (INCIDENTS.length === 0) return <Typography color="text.secondary">No incidents in the last 90 days.</Typography>;
  return (
    <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {INCIDENTS.map((incident) => (
        <Box component="li" key={incident.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: 17, flexGrow: 1 }}>{incident.title}</Typography>
            <Tag size="small" label={IMPACT_LABELS[incident.impact]} variant="outlined" />
            <Tag size="small" label={incident.status === 'resolved' ? 'Resolved' : 'Monitoring'} sx={{ bgcolor: '#dcfce7', color: '#14532d' }} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{incident.date}</Typography>
          <Typography variant="body2">{incident.description}</Typography>
        </Box>
      ))}
    </Stack>
  );
}
