import { Box } from '@mui/material';

/** Pretty-printed JSON, scrollable, for event payloads. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      tabIndex={0}
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontSize: 13,
        lineHeight: 1.5,
        overflow: 'auto',
        maxHeight: 420,
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}
