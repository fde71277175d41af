import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import InfoIcon from '@mui/icons-material/Info';

const ICONS = {
  success: <CheckCircleIcon color="success" sx={{ fontSize: 48 }} aria-hidden />,
  failure: <ErrorIcon color="error" sx={{ fontSize: 48 }} aria-hidden />,
  info: <InfoIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />,
} as const;

interface OutcomeProps {
  kind: keyof typeof ICONS;
  title: string;
  /** The gateway's message or the state's explanation, shown as it is. */
  message?: ReactNode;
  /** A link out of the page: the merchant's return URL or the 3-D Secure check. */
  action?: { label: string; href: string } | undefined;
  children?: ReactNode;
  /**
   * This tab's own payment led here: focus goes to the heading, so keyboard and screen-reader users start
   * at the result. The form it was typed into is gone, and focus, on Pay, had fallen to <body>.
   */
  takeFocus?: boolean;
}

/** One result of the page: paid, refused, waiting for 3-D Secure, already paid, canceled. */
export function Outcome({ kind, title, message, action, children, takeFocus = false }: OutcomeProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Not again on each status: a later one (Checking your payment → Payment successful) is the same heading, still focused.
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <Box role="status" aria-live="polite" data-testid="checkout-outcome" sx={{ textAlign: 'center', py: 2 }}>
      {ICONS[kind]}
      {/* Focusable by script only, and no ring: it is no control, and a ring the card's width read as a text box. */}
      <Typography ref={heading} component="h2" variant="h5" tabIndex={-1} sx={{ fontWeight: 700, mt: 1, outline: 'none' }}>
        {title}
      </Typography>
      {message && (
        <Typography sx={{ mt: 1, fontWeight: kind === 'failure' ? 600 : 400, color: kind === 'failure' ? 'error.dark' : 'text.primary' }} data-testid="checkout-message">
          {message}
        </Typography>
      )}
      {children}
      {action && (
        <Button variant="contained" disableElevation href={action.href} sx={{ mt: 3 }}>
          {action.label}
        </Button>
      )}
    </Box>
  );
}
