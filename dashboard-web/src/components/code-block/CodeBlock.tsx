import { useEffect, useRef, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Check from '@mui/icons-material/Check';
import { srOnly } from '../page';
import { copyText } from './copy-text';
import { useSample } from './api-base-url';

/** How long the "copied" label stays on the button (spec §9: 2 seconds). */
export const COPY_FEEDBACK_MS = 2000;

export interface CodeBlockProps {
  code: string;
  /** Shown above the code and used as the accessible name of the scrollable region, e.g. "Node.js". */
  title?: string;
  copyLabel?: string;
  copiedLabel?: string;
  failedLabel?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A dark, horizontally scrollable code sample with a copy button. `{{BASE_URL}}` becomes this host's
 * API root; `{{STRIPE_HOST}}`, `{{STRIPE_PORT}}`, `{{STRIPE_PROTOCOL}}` its parts for stripe-node.
 */
export function CodeBlock({ code, title, copyLabel = 'Copy', copiedLabel = 'Copied!', failedLabel = 'Copy failed' }: CodeBlockProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const text = useSample(code);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onCopy = async () => {
    const ok = await copyText(text);
    setState(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
  };

  const label = state === 'copied' ? copiedLabel : state === 'failed' ? failedLabel : copyLabel;
  return (
    <Box sx={{ borderRadius: 2, overflow: 'hidden', bgcolor: '#0f172a', my: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, py: 0.75, bgcolor: '#1e293b' }}>
        <Typography component="span" sx={{ color: '#cbd5e1', fontSize: 13, fontWeight: 600 }}>
          {title ?? 'Code'}
        </Typography>
        <Button
          size="small"
          onClick={onCopy}
          startIcon={state === 'copied' ? <Check fontSize="small" /> : <ContentCopy fontSize="small" />}
          sx={{ color: '#e2e8f0', minWidth: 0, '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' } }}
          aria-label={title ? `${label} ${title}` : label}
          data-testid="copy-button"
        >
          {label}
        </Button>
        <Box component="span" aria-live="polite" sx={srOnly}>
          {state === 'copied' ? copiedLabel : ''}
        </Box>
      </Box>
      <Box
        component="pre"
        role="group"
        tabIndex={0}
        aria-label={title ? `${title} code` : 'Code sample'}
        sx={{
          m: 0,
          p: 2,
          overflowX: 'auto',
          color: '#e2e8f0',
          fontSize: 13,
          lineHeight: 1.6,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          '&:focus-visible': { outline: '2px solid #93c5fd', outlineOffset: -2 },
        }}
      >
        <code>{text}</code>
      </Box>
    </Box>
  );
}
