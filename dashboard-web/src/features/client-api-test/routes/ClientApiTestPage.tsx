import { useEffect, useRef, useState } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { PageHeader } from '../../../components/page';
import { callClientApi, serverMessage, signInWithSampleCredentials, type RawResponse } from '../api/client-api-test-api';
import { CLIENT_CALLS, CLIENT_TEST_MESSAGES, SAMPLE_CREDENTIALS, type ClientCall } from '../client-calls';
import { ResponseViewer, type ViewedResponse } from '../components/ResponseViewer';
import { Tag } from '../../../components/tag';

const LOGIN = 'POST /api/auth/login';

const viewed = (request: string, raw: RawResponse, success: string, failure: string): ViewedResponse => ({
  request,
  status: raw.status,
  ok: raw.ok,
  message: raw.ok ? success : (serverMessage(raw.body) ?? failure),
  body: raw.body,
});

/**
 * Exercises the client API (spec §2): a token from the sample credentials, then one button per call.
 * The token lives only in this page's memory: it never signs the visitor in to the site.
 */
export default function ClientApiTestPage() {
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [response, setResponse] = useState<ViewedResponse | null>(null);
  const viewerRef = useRef<HTMLElement>(null);

  // On a phone the viewer is below the buttons: bring each new answer into sight (no-op when it is).
  useEffect(() => {
    if (response) viewerRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [response]);

  const run = async (request: string, work: () => Promise<ViewedResponse>, failure: string) => {
    setBusy(request);
    try {
      setResponse(await work());
    } catch (error) {
      // The request never got an answer (network, server down).
      setResponse({ request, status: null, ok: false, message: error instanceof Error && error.message ? `${failure}: ${error.message}` : failure });
    } finally {
      setBusy(null);
    }
  };

  const authenticate = () =>
    run(
      LOGIN,
      async () => {
        const raw = await signInWithSampleCredentials();
        const received = raw.ok && raw.body && typeof raw.body === 'object' ? (raw.body as { token?: unknown }).token : undefined;
        if (typeof received === 'string' && received) setToken(received);
        else raw.ok = false;
        return viewed(LOGIN, raw, CLIENT_TEST_MESSAGES.authenticated, CLIENT_TEST_MESSAGES.authenticationFailed);
      },
      CLIENT_TEST_MESSAGES.authenticationFailed,
    );

  const call = (clientCall: ClientCall) => {
    const request = `${clientCall.method} ${clientCall.path}`;
    if (!token) {
      setResponse({ request, status: null, ok: false, message: CLIENT_TEST_MESSAGES.authenticateFirst });
      return;
    }
    void run(request, async () => viewed(request, await callClientApi(clientCall, token), CLIENT_TEST_MESSAGES.callSucceeded, CLIENT_TEST_MESSAGES.callFailed), CLIENT_TEST_MESSAGES.callFailed);
  };

  return (
    <>
      <PageHeader title="Client API Test" subtitle="Call the client API with a sample merchant's token and see what it answers." />
      <Container sx={{ py: { xs: 3, md: 5 } }}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' }, alignItems: 'start' }}>
          <Stack spacing={3}>
            <Card variant="outlined">
              <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
                <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
                  1. Authenticate
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  Signs in with the demo merchant&apos;s sample credentials ({SAMPLE_CREDENTIALS.email}) through POST /api/auth/login.
                </Typography>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                  <Button variant="contained" disableElevation onClick={() => void authenticate()} disabled={busy !== null}>
                    Get Token
                  </Button>
                  <Tag label={token ? 'Authenticated' : 'Not authenticated'} color={token ? 'success' : 'default'} data-testid="auth-state" />
                </Stack>
              </CardContent>
            </Card>
            <Card variant="outlined">
              <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
                <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
                  2. Call the API
                </Typography>
                <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {CLIENT_CALLS.map((clientCall) => (
                    <Button key={clientCall.id} variant={clientCall.method === 'POST' ? 'contained' : 'outlined'} color={clientCall.method === 'POST' ? 'secondary' : 'primary'} disableElevation disabled={busy !== null} onClick={() => call(clientCall)}>
                      {clientCall.label}
                    </Button>
                  ))}
                </Box>
                <Typography variant="body2" sx={{ mt: 2 }}>
                  Every route, request and answer is in the <Link component={RouterLink} to="/api">API documentation</Link>.
                </Typography>
              </CardContent>
            </Card>
          </Stack>
          <Card variant="outlined" component="section" aria-labelledby="response-title" ref={viewerRef}>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
                <Typography id="response-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                  Response
                </Typography>
                {busy && <CircularProgress size={18} aria-label={`Calling ${busy}`} />}
              </Stack>
              <ResponseViewer response={response} />
            </CardContent>
          </Card>
        </Box>
      </Container>
    </>
  );
}
