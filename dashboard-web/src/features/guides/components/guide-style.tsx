import RocketLaunch from '@mui/icons-material/RocketLaunch';
import CreditCard from '@mui/icons-material/CreditCard';
import Shield from '@mui/icons-material/Shield';
import Webhook from '@mui/icons-material/Webhook';
import Science from '@mui/icons-material/Science';
import type { Difficulty, GuideIcon } from '../guide-types';
import { Tag } from '../../../components/tag';

/** Dark text on light fills keeps each badge above 4.5:1 contrast. */
const DIFFICULTY_COLOURS: Record<Difficulty, { bg: string; fg: string }> = {
  Beginner: { bg: '#dcfce7', fg: '#14532d' },
  Intermediate: { bg: '#fef3c7', fg: '#78350f' },
  Advanced: { bg: '#fee2e2', fg: '#7f1d1d' },
};

export function DifficultyBadge({ difficulty }: { difficulty: Difficulty }) {
  const colours = DIFFICULTY_COLOURS[difficulty];
  return <Tag size="small" label={difficulty} data-testid="difficulty" sx={{ bgcolor: colours.bg, color: colours.fg, fontWeight: 700 }} />;
}

export function GuideGlyph({ icon }: { icon: GuideIcon }) {
  const props = { 'aria-hidden': true, color: 'primary' } as const;
  switch (icon) {
    case 'rocket':
      return <RocketLaunch {...props} />;
    case 'payment':
      return <CreditCard {...props} />;
    case 'shield':
      return <Shield {...props} />;
    case 'webhook':
      return <Webhook {...props} />;
    case 'science':
      return <Science {...props} />;
  }
}
