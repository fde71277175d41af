import { Box, Card, CardContent, Typography } from '@mui/material';
import { STATUS_LABELS, type ServiceEntry } from '../status-rules';
import { STATUS_COLOURS, ServiceIconGlyph, StatusIcon } from './status-style';
import { Tag } from '../../../components/tag';

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">{label}</Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>{value}</Typography>
    </Box>
  );
}

export function ServiceCard({ service }: { service: ServiceEntry }) {
  const colours = STATUS_COLOURS[service.status];
  return (
    <Card variant="outlined" component="article" aria-labelledby={`service-${service.icon}`} data-testid="service-card" data-status={service.status} sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
          <ServiceIconGlyph icon={service.icon} />
          <Typography id={`service-${service.icon}`} component="h3" sx={{ fontWeight: 700, fontSize: 18, flexGrow: 1 }} data-testid="service-name">
            {service.name}
          </Typography>
        </Box>
        <Tag
          icon={<StatusIcon status={service.status} fontSize="small" />}
          label={STATUS_LABELS[service.status]}
          size="small"
          data-testid="service-status"
          sx={{ bgcolor: colours.light, color: colours.text, fontWeight: 700, '& .MuiChip-icon': { color: colours.main }, mb: 1.5 }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{service.description}</Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, m: 0 }}>
          <Figure label="Response time" value={`${service.responseTime} ms`} testId="service-response-time" />
          <Figure label="Uptime" value={`${service.uptime}%`} testId="service-uptime" />
          <Figure label="Last check" value={timeFormat.format(new Date(service.lastCheck))} testId="service-last-check" />
        </Box>
      </CardContent>
    </Card>
  );
}
