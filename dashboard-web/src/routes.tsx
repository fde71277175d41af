import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Box, CircularProgress, Container, Typography } from '@mui/material';

/**
 * Every page route, code-split per feature. Each feature folder exports its pages from
 * `features/<name>/routes/*`; add a lazy import and a <Route> here.
 */
const NotFoundPage = lazy(() => import('./features/not-found/routes/NotFoundPage'));

function PageLoading() {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}

function HomePlaceholder() {
  return (
    <Container component="main" sx={{ py: 8 }}>
      <Typography variant="h1" sx={{ fontSize: 40 }}>Tallyline</Typography>
    </Container>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<HomePlaceholder />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
