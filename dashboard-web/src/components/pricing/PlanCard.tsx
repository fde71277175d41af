import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, List, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { Link as RouterLink } from 'wouter';
import { ListRow } from '../list-row';
import { Tag } from '../tag';

export interface PlanCardProps {
  name: string;
  audience: string;
  /** The headline price, e.g. "2.9% + £0.30" or "Custom". */
  price: string;
  priceNote: string;
  features: string[];
  cta: { label: string; to?: string; href?: string };
  highlighted?: boolean | undefined;
  /** A ribbon such as "Most popular". */
  badge?: string | undefined;
  /** Extra lines under the price, e.g. settlement terms. */
  extra?: ReactNode;
}

/** One plan of the rate card, shared by the pricing page and the solutions page's teaser. */
export function PlanCard({ name, audience, price, priceNote, features, cta, highlighted = false, badge, extra }: PlanCardProps) {
  return (
    <Card
      variant="outlined"
      data-testid={`plan-${name}`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderWidth: highlighted ? 2 : 1, borderColor: highlighted ? 'primary.main' : 'divider', position: 'relative' }}
    >
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
          <Typography component="h3" sx={{ fontSize: 20, fontWeight: 700 }}>{name}</Typography>
          {badge && <Tag label={badge} color="primary" size="small" />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{audience}</Typography>
        <Typography sx={{ fontSize: 26, fontWeight: 800, color: 'primary.dark' }}>{price}</Typography>
        <Typography variant="body2" color="text.secondary">{priceNote}</Typography>
        {extra && <Box sx={{ mt: 1 }}>{extra}</Box>}
        <List dense sx={{ flexGrow: 1, my: 1 }}>
          {features.map((feature) => (
            <ListRow key={feature} dense>
              <ListItemIcon sx={{ minWidth: 30 }}>
                <CheckCircle color="success" fontSize="small" aria-hidden />
              </ListItemIcon>
              <ListItemText primary={feature} />
            </ListRow>
          ))}
        </List>
        {cta.to ? (
          <Button component={RouterLink} to={cta.to} variant={highlighted ? 'contained' : 'outlined'} disableElevation fullWidth>
            {cta.label}
          </Button>
        ) : (
          <Button href={cta.href} variant={highlighted ? 'contained' : 'outlined'} disableElevation fullWidth>
            {cta.label}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
