import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** ids that tie a tab (Tabs.tsx) to its <TabPanel>, so screen readers announce which tab owns the panel. */
export function tabProps(group: string, value: string) {
  return { id: `${group}-tab-${value}`, 'aria-controls': `${group}-panel-${value}` };
}

interface TabPanelProps {
  group: string;
  value: string;
  current: string;
  children: ReactNode;
}

/** Renders only the selected panel; hidden panels stay out of the DOM so their headings do not clutter the outline. */
export function TabPanel({ group, value, current, children }: TabPanelProps) {
  if (value !== current) return null;
  return (
    <Box role="tabpanel" id={`${group}-panel-${value}`} aria-labelledby={`${group}-tab-${value}`} sx={{ pt: 3 }}>
      {children}
    </Box>
  );
}
