import type { Guide } from './guide-types';
import { QUICK_START } from './content/quick-start';
import { PAYMENT_INTEGRATION } from './content/payment-integration';
import { THREE_D_SECURE } from './content/three-d-secure';
import { WEBHOOKS_IPN } from './content/webhooks-ipn';
import { TESTING_STAGING } from './content/testing-staging';

/** In the order the list shows them (spec §2). */
export const GUIDES: Guide[] = [QUICK_START, PAYMENT_INTEGRATION, THREE_D_SECURE, WEBHOOKS_IPN, TESTING_STAGING];

export function findGuide(id: string): Guide | undefined {
  return GUIDES.find((guide) => guide.id === id);
}
