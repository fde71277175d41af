import { useState } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { FAQ } from '../community-faq';
import { Tag } from '../../../components/tag';

const CATEGORY_LABELS = { onboarding: 'Onboarding', payments: 'Payments', technical: 'Technical', pricing: 'Pricing', general: 'General', security: 'Security' } as const;

/** Only one answer is open at a time: opening one closes the other. */
export function FaqTab() {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <Box>
      {FAQ.map((item) => (
        <Accordion
          key={item.id}
          expanded={openId === item.id}
          onChange={(_event, expanded) => setOpenId(expanded ? item.id : null)}
          disableGutters
          variant="outlined"
          data-testid="faq-item"
          sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
        >
          <AccordionSummary expandIcon={<ExpandMore />} id={`${item.id}-header`} aria-controls={`${item.id}-content`}>
            <Typography component="span" sx={{ fontWeight: 600 }}>{item.question}</Typography>
          </AccordionSummary>
          <AccordionDetails id={`${item.id}-content`}>
            <Typography sx={{ mb: 1.5 }}>{item.answer}</Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Tag size="small" label={CATEGORY_LABELS[item.category]} variant="outlined" />
              <Typography variant="body2" color="text.secondary">{item.popularity}% found this helpful</Typography>
            </Box>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
