import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { SiteLayout } from './components/layout';
import { lazyWithQueries } from './lib/lazy-with-queries';

/*
 * Every page route, code-split per page: `const XPage = lazy(() => import('./features/<name>/routes/XPage'));`
 * (default export) plus a <Route> in the <Switch> INSIDE <SiteLayout> below, before the catch-all (the first
 * route that matches is rendered).
 * A page that uses react-query (useQuery, useMutation, lib/session.ts) is loaded with
 * `lazyWithQueries(() => import('…').then((module) => module.default))` instead: the query client's provider
 * is not around the whole app, so that the pages which never query do not load react-query.
 * SiteLayout renders the header, footer, the single <main> landmark and a <Suspense> around the page,
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
const MerchantRegisterPage = lazy(() => import('./features/auth/routes/MerchantRegisterPage'));
const LoginPage = lazy(() => import('./features/auth/routes/LoginPage'));
const DashboardPage = lazyWithQueries(() => import('./features/dashboard/routes/DashboardPage').then((module) => module.default));
const LongApplicationPage = lazy(() => import('./features/applications/routes/LongApplicationPage'));
const PrecheckApplicationPage = lazy(() => import('./features/applications/routes/PrecheckApplicationPage'));
const ApplicationSuccessPage = lazy(() => import('./features/applications/routes/ApplicationSuccessPage'));

const NotFoundPage = lazy(() => import('./features/not-found/routes/NotFoundPage'));

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/pay/:id">
        <Suspense fallback={null}>
          <CheckoutPage />
        </Suspense>
      </Route>
      <Route>
        <SiteLayout>
          <Switch>
            {/* Public pages */}
            <Route path="/"><HomePage /></Route>
            <Route path="/products"><ProductsPage /></Route>
            <Route path="/developers"><DevelopersPage /></Route>
            <Route path="/pricing"><PricingPage /></Route>
            <Route path="/status"><StatusPage /></Route>
            <Route path="/community"><CommunityPage /></Route>
            <Route path="/guides"><GuidesPage /></Route>
            <Route path="/api"><ApiDocsPage /></Route>
            <Route path="/privacy"><PrivacyPage /></Route>
            <Route path="/terms"><TermsPage /></Route>
            <Route path="/cookies"><CookiesPage /></Route>
            <Route path="/security"><SecurityPage /></Route>
            <Route path="/compliance"><CompliancePage /></Route>
            <Route path="/aml-policy"><AmlPolicyPage /></Route>
            <Route path="/crypto-payments"><CryptoPaymentsPage /></Route>
            <Route path="/crypto-payments/:id"><CryptoPaymentPage /></Route>
            <Route path="/client-api-test"><ClientApiTestPage /></Route>

            {/* Auth, dashboard guard and merchant applications */}
            <Route path="/register"><RegisterPage /></Route>
            <Route path="/merchant-register"><MerchantRegisterPage /></Route>
            <Route path="/login"><LoginPage /></Route>
            <Route path="/dashboard/:tab?"><DashboardPage /></Route>
            <Route path="/merchant-application"><LongApplicationPage /></Route>
            <Route path="/merchant-application/form"><PrecheckApplicationPage /></Route>
            <Route path="/merchant-application/success"><ApplicationSuccessPage /></Route>

            <Route><NotFoundPage /></Route>
          </Switch>
        </SiteLayout>
      </Route>
    </Switch>
  );
}
