import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Container, Typography } from '@mui/material';
import { SiteLayout } from './components/layout';

/*
 * Every page route, code-split per page: `const XPage = lazy(() => import('./features/<name>/routes/XPage'));`
 * (default export) plus a <Route> INSIDE the <SiteLayout> route below, before the catch-all `*`.
 * SiteLayout renders the header, footer, the single <main> landmark and a <Suspense> around <Outlet/>,
 * so pages render only their content (start with an <h1>, no <main> of their own).
 * Public pages helper: add your lazy imports in the "public pages" block and your <Route>s in the
 * matching block of the JSX; the auth / dashboard / applications blocks belong to the auth helper.
 */

// Public pages (home, products, developers, pricing, status, community, guides, api, legal pages).

// Auth, dashboard guard and merchant applications.
const RegisterPage = lazy(() => import('./features/auth/routes/RegisterPage'));
const MerchantRegisterPage = lazy(() => import('./features/auth/routes/MerchantRegisterPage'));
const LoginPage = lazy(() => import('./features/auth/routes/LoginPage'));
const DashboardPage = lazy(() => import('./features/dashboard/routes/DashboardPage'));
const LongApplicationPage = lazy(() => import('./features/applications/routes/LongApplicationPage'));
const PrecheckApplicationPage = lazy(() => import('./features/applications/routes/PrecheckApplicationPage'));
const ApplicationSuccessPage = lazy(() => import('./features/applications/routes/ApplicationSuccessPage'));

const NotFoundPage = lazy(() => import('./features/not-found/routes/NotFoundPage'));

function HomePlaceholder() {
  return (
    <Container sx={{ py: 8 }}>
      <Typography variant="h1" sx={{ fontSize: 40 }}>Tallyline</Typography>
    </Container>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {/* Public pages */}
        <Route path="/" element={<HomePlaceholder />} />

        {/* Auth, dashboard guard and merchant applications */}
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/merchant-register" element={<MerchantRegisterPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/dashboard/:tab" element={<DashboardPage />} />
        <Route path="/merchant-application" element={<LongApplicationPage />} />
        <Route path="/merchant-application/form" element={<PrecheckApplicationPage />} />
        <Route path="/merchant-application/success" element={<ApplicationSuccessPage />} />

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
