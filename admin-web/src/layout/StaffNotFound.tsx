import { NotFound, useAuthState, useBasename } from 'react-admin';
import { Navigate, useLocation } from 'react-router';

/**
 * An unknown address. Signed out, it goes to the sign-in form once, keeping the address to return to,
 * as react-admin's own redirect does. react-admin's NotFound logs out when the check fails; its logout
 * clears the query cache, the check runs again and logs out again, and the move to the form never
 * commits: the page showed the staff menu at /admin/login and kept the browser busy for good.
 */
export function StaffNotFound() {
  const { authenticated, isPending } = useAuthState();
  const location = useLocation();
  const basename = useBasename();
  if (isPending) return null;
  if (!authenticated) return <Navigate replace to={`${basename}/login`} state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  return <NotFound />;
}
