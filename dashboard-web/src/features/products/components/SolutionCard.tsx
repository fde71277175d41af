import { Card, CardContent, List, ListItemIcon, ListItemText, Typography } from '@mui/material';
import Check from '@mui/icons-material/Check';
import { ListRow } from '../../../components/list-row';
import type { Solution } from '../products-content';

export function SolutionCard({ solution }: { solution: Solution }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        {solution.icon}
        <Typography component="h3" sx={{ fontSize: 20, fontWeight: 700, mt: 1.5, mb: 1 }}>{solution.title}</Typography>
        <Typography color="text.secondary">{solution.text}</Typography>
        <List dense>
          {solution.points.map((point) => (
            <ListRow key={point} dense>
              <ListItemIcon sx={{ minWidth: 30 }}>
                <Check color="success" fontSize="small" aria-hidden />
              </ListItemIcon>
              <ListItemText primary={point} />
            </ListRow>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
