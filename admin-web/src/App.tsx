import { Admin, LoginWithEmail, Notification, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router';
import applications from './applications';
import { authProvider } from './auth/authProvider';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider/dataProvider';
import events from './events';
import { i18nProvider } from './i18n/i18nProvider';
import merchants from './merchants';
import { darkTheme, lightTheme } from './theme';

// Spec §9: toasts stay 5000 ms. At the top, so they never cover the review dialog's action buttons.
const SpecNotification = () => (
  <Notification autoHideDuration={5000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} />
);

/** Browser routes under /admin (react-admin's documented sub-path setup), so deep links survive reloads. */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Admin
              basename="/admin"
              title="tallyline.title"
              dataProvider={dataProvider}
              authProvider={authProvider}
              i18nProvider={i18nProvider}
              loginPage={LoginWithEmail}
              dashboard={Dashboard}
              notification={SpecNotification}
              lightTheme={lightTheme}
              darkTheme={darkTheme}
              disableTelemetry
            >
              <Resource name="applications" {...applications} />
              <Resource name="events" {...events} />
              <Resource name="merchants" {...merchants} />
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
