import { Card, CardContent, Grid, Typography } from '@mui/material';
import type { IconCard } from '../home-content';

/** Three equal cards that stack on phones; each card title is an h3 under the section's h2. */
export function IconCardGrid({ cards }: { cards: IconCard[] }) {
  return (
    <Grid container spacing={3}>
      {cards.map((card) => (
        <Grid key={card.title} size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent sx={{ p: 3 }}>
              {card.icon}
              <Typography component="h3" sx={{ fontSize: 20, fontWeight: 700, mt: 1.5, mb: 1 }}>{card.title}</Typography>
              <Typography color="text.secondary">{card.text}</Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
