import { Portal } from '@mui/material';
import { Admin, CustomRoutes, Notification, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router';
import applications from './applications';
import { authProvider } from './auth/authProvider';
import { LoginPage } from './auth/LoginPage';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider/dataProvider';
import events from './events';
import { en } from './i18n/en';
import { i18nProvider } from './i18n/i18nProvider';
import { StaffLayout } from './layout/StaffLayout';
import { StaffNotFound } from './layout/StaffNotFound';
import merchants from './merchants';
import payments from './payments';
import { ProcessorsPage } from './processors/ProcessorsPage';
import { darkTheme, lightTheme } from './theme';

// Spec §9: toasts stay 5000 ms. At the top, so they never cover the review dialog's action buttons.
// Portalled to <body>: an open dialog hides the rest of the app from assistive technology, and a toast
// about that dialog's action must still be announced.
const SpecNotification = () => (
  <Portal>
    <Notification autoHideDuration={5000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} />
  </Portal>
);

/**
 * Browser routes under /admin (react-admin's documented sub-path setup), so deep links survive reloads.
 * Moves are not transitions: signing out re-renders the page at once (store reset, auth check again), and
 * each such render put off a move to the sign-in form made as a transition, now and then for good.
 */
export function App() {
  return (
    <BrowserRouter useTransitions={false}>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Admin
              basename="/admin"
              // The text, not its i18n key: react-admin shows this title untranslated (Not Found, error pages).
              title={en.tallyline.title}
              dataProvider={dataProvider}
              authProvider={authProvider}
              // Without a session, the sign-in form and nothing else: no staff menu shown first, and no
              // page whose guarded parts each sign out again, whose redirects could outrun the form's render.
              requireAuth
              i18nProvider={i18nProvider}
              loginPage={LoginPage}
              dashboard={Dashboard}
              layout={StaffLayout}
              catchAll={StaffNotFound}
              notification={SpecNotification}
              lightTheme={lightTheme}
              darkTheme={darkTheme}
              disableTelemetry
            >
              <Resource name="applications" {...applications} />
              <Resource name="events" {...events} />
              <Resource name="merchants" {...merchants} />
              <Resource name="payments" {...payments} />
              <CustomRoutes>
                <Route path="/processors" element={<ProcessorsPage />} />
              </CustomRoutes>
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
