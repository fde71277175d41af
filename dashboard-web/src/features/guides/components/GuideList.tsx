import { Box, List, ListItemButton, Typography } from '@mui/material';
import Schedule from '@mui/icons-material/Schedule';
import { Link as RouterLink } from 'wouter';
import type { GuideDescriptor } from '../guide-types';
import { DifficultyBadge, GuideGlyph } from './guide-style';
import { Tag } from '../../../components/tag';

interface Props {
  guides: GuideDescriptor[];
  selectedId: string | null;
}

/** Each guide is a link (?guide=<id>), so a chosen guide can be bookmarked and shared. */
export function GuideList({ guides, selectedId }: Props) {
  return (
    <Box component="nav" aria-labelledby="guide-list-title">
      <Typography id="guide-list-title" variant="h2" sx={{ fontSize: 18, fontWeight: 700, mb: 1 }}>All guides</Typography>
      <List disablePadding sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {guides.map((guide) => {
          const selected = guide.id === selectedId;
          return (
            <li key={guide.id}>
              <ListItemButton
                component={RouterLink}
                to={`/guides?guide=${guide.id}`}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                data-testid={`guide-link-${guide.id}`}
                sx={{ display: 'block', border: 1, borderColor: selected ? 'primary.main' : 'divider', borderRadius: 2, p: 2 }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
                  <GuideGlyph icon={guide.icon} />
                  <Typography component="span" sx={{ fontWeight: 700 }}>{guide.title}</Typography>
                </Box>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{guide.description}</Typography>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Tag size="small" label={guide.category} variant="outlined" />
                  <DifficultyBadge difficulty={guide.difficulty} />
                  <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <Schedule fontSize="inherit" aria-hidden /> {guide.duration} min
                  </Typography>
                </Box>
              </ListItemButton>
            </li>
          );
        })}
      </List>
    </Box>
  );
}
