/** Staff reach the password pages from the back-office (`?account=staff`): they go back there to sign in. */
export const STAFF_SIGN_IN = '/admin/login';

export function isForStaff(): boolean {
  return new URLSearchParams(window.location.search).get('account') === 'staff';
}
