import { Alert, Box, Stack, Typography } from '@mui/material';
import { CLIENT_TEST_MESSAGES } from '../client-calls';
import { Tag } from '../../../components/tag';

export interface ViewedResponse {
  /** "GET /api/client/stats". */
  request: string;
  status: number | null;
  ok: boolean;
  message: string;
  body?: unknown;
}

/** The last answer: its message, the request and status, and the body pretty-printed. */
export function ResponseViewer({ response }: { response: ViewedResponse | null }) {
  return (
    <Box aria-live="polite" data-testid="response-viewer">
      {!response ? (
        <Typography color="text.secondary">{CLIENT_TEST_MESSAGES.noResponse}</Typography>
      ) : (
        <>
          <Alert severity={response.ok ? 'success' : 'error'} data-testid="response-message" sx={{ mb: 2 }}>
            {response.message}
          </Alert>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: 14, wordBreak: 'break-all' }} data-testid="response-request">
              {response.request}
            </Typography>
            {response.status !== null && <Tag size="small" label={response.status} color={response.ok ? 'success' : 'error'} data-testid="response-status" />}
          </Stack>
          {response.body !== undefined && (
            <Box
              component="pre"
              tabIndex={0}
              aria-label="Response body"
              data-testid="response-body"
              sx={{ m: 0, p: 2, bgcolor: '#0f172a', color: '#e2e8f0', borderRadius: 2, fontSize: 13, overflow: 'auto', maxHeight: 480, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
            >
              {JSON.stringify(response.body, null, 2)}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
