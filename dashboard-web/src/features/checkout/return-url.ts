/** Where the payer goes back to: the merchant's return URL with the payment and its outcome, as the 3-D Secure return does. */
export function returnUrlWith(returnUrl: string, paymentId: string, status: string): string {
  const back = new URL(returnUrl);
  back.searchParams.set('paymentId', paymentId);
  back.searchParams.set('status', status);
  return back.toString();
}

// The tab remembers that it sent the payer to the 3-D Secure check: coming back, the page shows the
// outcome as the result of this payment rather than as a link someone opened after the fact.
const THREE_D_SECURE_KEY = 'tallyline_checkout_3ds';

export function rememberThreeDSecure(paymentId: string): void {
  try {
    window.sessionStorage.setItem(THREE_D_SECURE_KEY, paymentId);
  } catch {
    // Storage refused (private mode): the page then shows the outcome as already known, which is still true.
  }
}

/** True once for the payment the tab sent to the check; the mark is then forgotten. */
export function cameBackFromThreeDSecure(paymentId: string): boolean {
  try {
    const marked = window.sessionStorage.getItem(THREE_D_SECURE_KEY) === paymentId;
    if (marked) window.sessionStorage.removeItem(THREE_D_SECURE_KEY);
    return marked;
  } catch {
    return false;
  }
}
