import { Button, type ButtonProps } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A review decision, always with its word beside the icon. react-admin's Button drops the label on a
 * phone (an icon with a tooltip) and, while disabled, its accessible name too: a bare tick and cross
 * are too easy to mix up for a compliance decision.
 */
export function DecisionButton({ label, icon, ...props }: { label: string; icon: ReactNode } & Omit<ButtonProps, 'children' | 'startIcon'>) {
  const translate = useTranslate();
  return (
    <Button size="medium" startIcon={icon} {...props}>
      {translate(label)}
    </Button>
  );
}
