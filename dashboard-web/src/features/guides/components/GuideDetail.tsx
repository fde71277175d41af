import { useEffect, useRef } from 'react';
import { Box, Typography } from '@mui/material';
import Schedule from '@mui/icons-material/Schedule';
import type { Guide } from '../guide-types';
import { DifficultyBadge, GuideGlyph } from './guide-style';
import { GuideBlocks } from './GuideBlocks';
import { Tag } from '../../../components/tag';

/** Moves focus to the guide's title when another guide is chosen, so keyboard and phone users land on it. */
export function GuideDetail({ guide }: { guide: Guide }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      // A guide opened from a shared link keeps the page at the top.
      if (document.activeElement === document.body) return;
    }
    heading.current?.focus();
  }, [guide.id]);

  return (
    <Box component="article" aria-labelledby="guide-title" data-testid="guide-detail">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <GuideGlyph icon={guide.icon} />
        <Typography id="guide-title" ref={heading} tabIndex={-1} variant="h2" sx={{ fontSize: { xs: 26, md: 32 }, fontWeight: 800, outline: 'none' }}>
          {guide.title}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>{guide.description}</Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 3 }}>
        <Tag size="small" label={guide.category} variant="outlined" />
        <DifficultyBadge difficulty={guide.difficulty} />
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Schedule fontSize="inherit" aria-hidden /> {guide.duration} min
        </Typography>
      </Box>
      <GuideBlocks blocks={guide.body} />
    </Box>
  );
}
