import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { SiteLayout } from './components/layout';
import { LoadFailureBoundary, PageTitle } from './components/page';
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
 * Every page is listed in page-routes.ts: prerendered at build time (PRERENDERED_ROUTES), or not (CLIENT_ONLY_ROUTES;
 * the server answers 404 for any path in neither list). A prerendered page's
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
const ForgotPasswordPage = lazy(() => import('./features/auth/routes/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./features/auth/routes/ResetPasswordPage'));
const DashboardPage = lazyWithQueries(() => import('./features/dashboard/routes/DashboardPage').then((module) => module.default));
const LongApplicationPage = lazy(() => import('./features/applications/routes/LongApplicationPage'));
const PrecheckApplicationPage = lazy(() => import('./features/applications/routes/PrecheckApplicationPage'));
const ApplicationSuccessPage = lazy(() => import('./features/applications/routes/ApplicationSuccessPage'));

const NotFoundPage = lazy(() => import('./features/not-found/routes/NotFoundPage'));
const notFound = (
  <>
    <PageTitle>Page Not Found</PageTitle>
    <NotFoundPage />
  </>
);

/**
 * A path with a malformed percent-encoding (`/pay/%E0%A4%A`) names no page: the server answers it 400 with this
 * app, which shows its not-found page. (The decoded path is returned, not dropped: a minifier takes decodeURI for
 * a pure function and would remove a call whose result is unused, and its exception with it.)
 */
function decodedPath(path: string): string | null {
  try {
    return decodeURI(path);
  } catch {
    return null;
  }
}

export function AppRoutes() {
  const [path] = useLocation();
  if (decodedPath(path) === null) return <SiteLayout>{notFound}</SiteLayout>;
  return (
    <Switch>
      <Route path="/pay/:id">
        <PageTitle>Checkout</PageTitle>
        <LoadFailureBoundary resetKey={path}>
          <Suspense fallback={null}>
            <CheckoutPage />
          </Suspense>
        </LoadFailureBoundary>
      </Route>
      <Route>
        <SiteLayout>
          <Switch>
            {/* Public pages */}
            <Route path="/"><PageTitle>Payments that grow with your business</PageTitle><HomePage /></Route>
            <Route path="/products"><PageTitle>Products</PageTitle><ProductsPage /></Route>
            <Route path="/developers"><PageTitle>Developers</PageTitle><DevelopersPage /></Route>
            <Route path="/pricing"><PageTitle>Pricing</PageTitle><PricingPage /></Route>
            <Route path="/status"><PageTitle>System Status</PageTitle><StatusPage /></Route>
            <Route path="/community"><PageTitle>Community</PageTitle><CommunityPage /></Route>
            <Route path="/guides"><PageTitle>Developer Guides</PageTitle><GuidesPage /></Route>
            <Route path="/api"><PageTitle>Documentazione API</PageTitle><ApiDocsPage /></Route>
            <Route path="/privacy"><PageTitle>Privacy Policy</PageTitle><PrivacyPage /></Route>
            <Route path="/terms"><PageTitle>Terms of Service</PageTitle><TermsPage /></Route>
            <Route path="/cookies"><PageTitle>Cookie Policy</PageTitle><CookiesPage /></Route>
            <Route path="/security"><PageTitle>Security and Trust</PageTitle><SecurityPage /></Route>
            <Route path="/compliance"><PageTitle>Regulatory Compliance</PageTitle><CompliancePage /></Route>
            <Route path="/aml-policy"><PageTitle>AML Policy</PageTitle><AmlPolicyPage /></Route>
            <Route path="/crypto-payments"><PageTitle>Pagamenti Crypto</PageTitle><CryptoPaymentsPage /></Route>
            <Route path="/crypto-payments/:id"><PageTitle>Pagamento Crypto</PageTitle><CryptoPaymentPage /></Route>
            <Route path="/client-api-test"><PageTitle>Client API Test</PageTitle><ClientApiTestPage /></Route>

            {/* Auth, dashboard guard and merchant applications */}
            <Route path="/register"><PageTitle>Create Your Account</PageTitle><RegisterPage /></Route>
            <Route path="/merchant-register"><PageTitle>Create Your Merchant Account</PageTitle><MerchantRegisterPage /></Route>
            <Route path="/login"><PageTitle>Sign In</PageTitle><LoginPage /></Route>
            <Route path="/forgot-password"><PageTitle>Forgot Password</PageTitle><ForgotPasswordPage /></Route>
            <Route path="/reset-password"><PageTitle>Choose a New Password</PageTitle><ResetPasswordPage /></Route>
            <Route path="/dashboard/:tab?"><DashboardPage /></Route>
            <Route path="/merchant-application"><PageTitle>Apply as a Merchant</PageTitle><LongApplicationPage /></Route>
            <Route path="/merchant-application/form"><PageTitle>Merchant Application</PageTitle><PrecheckApplicationPage /></Route>
            <Route path="/merchant-application/success"><PageTitle>Application Submitted</PageTitle><ApplicationSuccessPage /></Route>

            <Route>{notFound}</Route>
          </Switch>
        </SiteLayout>
      </Route>
    </Switch>
  );
}
