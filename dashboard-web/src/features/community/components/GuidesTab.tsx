import { Button, Card, CardActions, CardContent, Grid, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { COMMUNITY_GUIDES } from '../community-guides';

export function GuidesTab() {
  return (
    <Grid container spacing={3}>
      {COMMUNITY_GUIDES.map((guide) => (
        <Grid key={guide.id} size={{ xs: 12, md: 6 }}>
          <Card variant="outlined" component="article" aria-labelledby={`guide-${guide.id}`} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Typography id={`guide-${guide.id}`} component="h3" sx={{ fontWeight: 700, fontSize: 19, mb: 0.5 }}>{guide.title}</Typography>
              <Typography color="text.secondary">{guide.summary}</Typography>
              <List component="ol" dense sx={{ listStyle: 'decimal', pl: 3 }}>
                {guide.steps.map((step) => (
                  <ListItem key={step} sx={{ display: 'list-item', pl: 0.5 }}>
                    <ListItemText primary={step} />
                  </ListItem>
                ))}
              </List>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button component={RouterLink} to={guide.link.to} variant="outlined">{guide.link.label}</Button>
            </CardActions>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
