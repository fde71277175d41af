import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import type { CheckoutPayResult } from '@tallyline/contracts';
import { useParams, useSearchParams } from 'wouter';
import { ApiError, errorMessage } from '../../../lib/api';
import { useCheckout, usePay } from '../api/checkout-api';
import { CardForm } from '../components/CardForm';
import { CheckoutLayout } from '../components/CheckoutLayout';
import { OrderSummary } from '../components/OrderSummary';
import { Outcome } from '../components/Outcome';
import { formatAmount } from '../money';
import { returnUrlWith } from '../return-url';

/** How long the result shows before the payer is sent back to the merchant's return URL. */
const RETURN_DELAY_MS = 3_000;

const FINAL = new Set(['completed', 'failed']);

/** The hosted payment page of one payment (/pay/{id}), the paymentUrl of POST /api/client/payments. */
export default function CheckoutPage() {
  const { id = '' } = useParams();
  const [result, setResult] = useState<CheckoutPayResult | null>(null);
  // Our 3-D Secure return route sends the payer back with ?3ds=done.
  const returnedFromCheck = useSearchParams()[0].get('3ds') === 'done';
  const checkout = useCheckout(id, result?.status === 'pending');
  const pay = usePay(id);
  const payment = checkout.data;
  // This tab paid (or came back from the check): the outcome is its result, and the payer goes back.
  const justPaid = result !== null || returnedFromCheck;
  // Until the refetch lands, the pay answer is the newer word on the status.
  const status = payment && result && payment.status === 'pending' ? result.status : payment?.status;
  const backTo = payment?.returnUrl && status && FINAL.has(status) ? returnUrlWith(payment.returnUrl, payment.id, status) : null;

  useEffect(() => {
    if (result?.redirectUrl) window.location.assign(result.redirectUrl);
  }, [result]);

  // A refusal that leaves the form (the call failed, not the card): Pay was disabled under focus while it worked, so
  // focus had fallen to <body>. It goes to what went wrong, just above the card details, which are kept to try again.
  const payError = useRef<HTMLDivElement>(null);
  useEffect(() => {
    payError.current?.focus();
  }, [pay.error]);

  useEffect(() => {
    if (!justPaid || !backTo) return;
    const timer = window.setTimeout(() => window.location.assign(backTo), RETURN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [justPaid, backTo]);

  if (checkout.isPending) return <Loading />;
  if (!payment) return <LoadFailed error={checkout.error} retry={() => void checkout.refetch()} />;

  const returnAction = payment.returnUrl ? { label: `Return to ${payment.merchantName}`, href: backTo ?? payment.returnUrl } : undefined;
  const returning = justPaid && backTo ? <Typography sx={{ mt: 2 }} color="text.secondary">Returning you to {payment.merchantName}...</Typography> : null;
  const paidText = `${formatAmount(payment.amount, payment.currency)} paid to ${payment.merchantName}.`;

  let body;
  if (status === 'pending' && !result) {
    body = (
      <>
        {pay.error && !(pay.error instanceof ApiError && pay.error.fieldErrors.length) && (
          <Alert ref={payError} tabIndex={-1} severity="error" role="alert" sx={{ mb: 2 }}>
            {errorMessage(pay.error, 'Payment failed. Please try again.')}
          </Alert>
        )}
        <CardForm
          submitLabel={`Pay ${formatAmount(payment.amount, payment.currency)}`}
          busy={pay.isPending}
          onSubmit={async (card) => setResult(await pay.mutateAsync(card))}
        />
      </>
    );
  } else if (status === 'pending') {
    body = <Outcome takeFocus={justPaid} kind="info" title="Checking your payment" message="The card gateway has not answered yet. This page updates by itself." />;
  } else if (status === 'requires_action') {
    const check = result?.redirectUrl ?? payment.redirectUrl;
    body = (
      <Outcome takeFocus={justPaid} kind="info" title="3D Secure authentication required" message={result?.redirectUrl ? "Taking you to your bank's check..." : "Your bank wants to confirm this payment."} action={check ? { label: 'Continue to 3-D Secure', href: check } : undefined} />
    );
  } else if (status === 'completed') {
    body = justPaid ? (
      <Outcome takeFocus kind="success" title="Payment successful" message={paidText} action={returnAction}>
        {returning}
      </Outcome>
    ) : (
      <Outcome kind="success" title="This payment has already been made" message={paidText} action={returnAction} />
    );
  } else if (status === 'failed') {
    body = (
      <Outcome takeFocus={justPaid} kind="failure" title="Payment failed" message={result?.message ?? payment.failureReason ?? 'Payment failed'} action={returnAction}>
        {returning ?? <Typography sx={{ mt: 1 }} color="text.secondary">No money was taken. Ask {payment.merchantName} for a new payment link to try again.</Typography>}
      </Outcome>
    );
  } else if (status === 'refunded') {
    body = <Outcome takeFocus={justPaid} kind="info" title="This payment has already been made" message={`It has since been refunded by ${payment.merchantName}.`} action={returnAction} />;
  } else {
    body = <Outcome takeFocus={justPaid} kind="info" title="This payment was canceled" message={`${payment.merchantName} canceled it. Ask them for a new payment link.`} action={returnAction} />;
  }

  return (
    <CheckoutLayout>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <OrderSummary payment={payment} />
          {body}
        </CardContent>
      </Card>
    </CheckoutLayout>
  );
}

function Loading() {
  return (
    <CheckoutLayout>
      <Card variant="outlined" role="status" aria-label="Loading payment">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Skeleton width="40%" />
          <Skeleton variant="text" sx={{ fontSize: 40 }} width="60%" />
          <Skeleton width="50%" sx={{ mb: 3 }} />
          <Stack spacing={2}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        </CardContent>
      </Card>
    </CheckoutLayout>
  );
}

function LoadFailed({ error, retry }: { error: Error | null; retry: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <CheckoutLayout>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h1" sx={{ fontSize: 28, fontWeight: 800, mb: 1 }}>
            {notFound ? 'Payment not found' : 'This payment could not be loaded'}
          </Typography>
          <Typography color="text.secondary">
            {notFound ? 'Check the payment link you were given, or ask the merchant for a new one.' : errorMessage(error, 'Please try again.')}
          </Typography>
          {!notFound && (
            <Button variant="outlined" onClick={retry} sx={{ mt: 2 }}>
              Try again
            </Button>
          )}
        </CardContent>
      </Card>
    </CheckoutLayout>
  );
}
