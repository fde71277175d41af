import { Admin, Resource, ListGuesser } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { BrowserRouter, Route, Routes } from 'react-router';

const dataProvider = simpleRestProvider('/api/admin');

/** Browser routes under /admin (react-admin's documented sub-path setup), so deep links survive reloads. */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Admin dataProvider={dataProvider} basename="/admin" disableTelemetry>
              <Resource name="merchant-applications" options={{ label: 'Applications' }} list={ListGuesser} />
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
