import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { SiteLayout } from './components/layout';
import { lazyWithQueries } from './lib/lazy-with-queries';

/*
 * Every page route, code-split per page: `const XPage = lazy(() => import('./features/<name>/routes/XPage'));`
 * (default export) plus a <Route> INSIDE the <SiteLayout> route below, before the catch-all `*`.
 * A page that uses react-query (useQuery, useMutation, lib/session.ts) is loaded with
 * `lazyWithQueries(() => import('…').then((module) => module.default))` instead: the query client's provider
 * is not around the whole app, so that the pages which never query do not load react-query.
 * SiteLayout renders the header, footer, the single <main> landmark and a <Suspense> around <Outlet/>,
 * so pages render only their content (start with an <h1>, no <main> of their own).
 * A public page can be prerendered at build time (listed in entry-server.tsx's PRERENDERED_ROUTES): its
 * render must then not read window or localStorage directly (through useSyncExternalStore with a server
 * snapshot is fine, as lib/auth-token.ts does), or hydration will not match.
 * Public pages helper: add your lazy imports in the "public pages" block and your <Route>s in the
 * matching block of the JSX; the auth / dashboard / applications blocks belong to the auth helper.
 */

// Public pages (home, products, developers, pricing, status, community, guides, api, legal pages).
const HomePage = lazy(() => import('./features/home/routes/HomePage'));
const ProductsPage = lazy(() => import('./features/products/routes/ProductsPage'));
const DevelopersPage = lazy(() => import('./features/developers/routes/DevelopersPage'));
const PricingPage = lazy(() => import('./features/pricing/routes/PricingPage'));
const StatusPage = lazyWithQueries(() => import('./features/status/routes/StatusPage').then((module) => module.default));
const CommunityPage = lazy(() => import('./features/community/routes/CommunityPage'));
const GuidesPage = lazy(() => import('./features/guides/routes/GuidesPage'));
const ApiDocsPage = lazy(() => import('./features/api-docs/routes/ApiDocsPage'));
const PrivacyPage = lazy(() => import('./features/legal/routes/PrivacyPage'));
const TermsPage = lazy(() => import('./features/legal/routes/TermsPage'));
const CookiesPage = lazy(() => import('./features/legal/routes/CookiesPage'));
const SecurityPage = lazy(() => import('./features/legal/routes/SecurityPage'));
const CompliancePage = lazy(() => import('./features/legal/routes/CompliancePage'));
const AmlPolicyPage = lazy(() => import('./features/legal/routes/AmlPolicyPage'));
const CryptoPaymentPage = lazyWithQueries(() => import('./features/crypto-checkout/routes/CryptoPaymentPage').then((module) => module.default));
const CryptoPaymentsPage = lazyWithQueries(() => import('./features/crypto-payments/routes/CryptoPaymentsPage').then((module) => module.default));
const ClientApiTestPage = lazy(() => import('./features/client-api-test/routes/ClientApiTestPage'));
// The hosted payment page has its own bare layout (no site navigation), so it sits outside SiteLayout.
const CheckoutPage = lazyWithQueries(() => import('./features/checkout/routes/CheckoutPage').then((module) => module.default));

// Auth, dashboard guard and merchant applications.
const RegisterPage = lazy(() => import('./features/auth/routes/RegisterPage'));
const MerchantRegisterPage = lazyWithQueries(() => import('./features/auth/routes/MerchantRegisterPage').then((module) => module.default));
const LoginPage = lazy(() => import('./features/auth/routes/LoginPage'));
const DashboardPage = lazyWithQueries(() => import('./features/dashboard/routes/DashboardPage').then((module) => module.default));
const LongApplicationPage = lazy(() => import('./features/applications/routes/LongApplicationPage'));
const PrecheckApplicationPage = lazy(() => import('./features/applications/routes/PrecheckApplicationPage'));
const ApplicationSuccessPage = lazy(() => import('./features/applications/routes/ApplicationSuccessPage'));

const NotFoundPage = lazy(() => import('./features/not-found/routes/NotFoundPage'));

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/pay/:id"
        element={
          <Suspense fallback={null}>
            <CheckoutPage />
          </Suspense>
        }
      />
      <Route element={<SiteLayout />}>
        {/* Public pages */}
        <Route path="/" element={<HomePage />} />
        <Route path="/products" element={<ProductsPage />} />
        <Route path="/developers" element={<DevelopersPage />} />
        <Route path="/pricing" element={<PricingPage />} />
        <Route path="/status" element={<StatusPage />} />
        <Route path="/community" element={<CommunityPage />} />
        <Route path="/guides" element={<GuidesPage />} />
        <Route path="/api" element={<ApiDocsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/cookies" element={<CookiesPage />} />
        <Route path="/security" element={<SecurityPage />} />
        <Route path="/compliance" element={<CompliancePage />} />
        <Route path="/aml-policy" element={<AmlPolicyPage />} />
        <Route path="/crypto-payments" element={<CryptoPaymentsPage />} />
        <Route path="/crypto-payments/:id" element={<CryptoPaymentPage />} />
        <Route path="/client-api-test" element={<ClientApiTestPage />} />

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
