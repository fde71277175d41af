import { Box, Button, Typography } from '@mui/material';

/** Says the form opened with the answers typed before a reload, and offers an empty one. Styled like the page's info note, without Alert. */
export function DraftRestoredNote({ withFiles = false, onStartOver }: { withFiles?: boolean; onStartOver: () => void }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1, borderRadius: 1, bgcolor: '#e5f6fd', color: '#014361' }}>
      <Typography variant="body2" sx={{ flex: 1 }}>
        We kept the answers you typed in this tab.{withFiles && ' Files cannot be kept: choose your documents again.'}
      </Typography>
      <Button size="small" onClick={onStartOver}>Start over</Button>
    </Box>
  );
}
