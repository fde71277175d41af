/** Where the payer goes back to: the merchant's return URL with the payment and its outcome, as the 3-D Secure return does. */
export function returnUrlWith(returnUrl: string, paymentId: string, status: string): string {
  const back = new URL(returnUrl);
  back.searchParams.set('paymentId', paymentId);
  back.searchParams.set('status', status);
  return back.toString();
}
