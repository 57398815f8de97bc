import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './provider.js';

/** Path of the embedded provider's hosted test-payment page, on the site root. */
export const TEST_PAYMENT_PATH = '/payments/test';

/**
 * The embedded default provider: a hosted test-payment page served by this server (`/payments/test/{session}`),
 * so the whole flow runs on one machine. The session id is an unguessable token: the page's address is the
 * capability to pay, as with a real provider's hosted page. The page confirms on the server side.
 */
export function embeddedPaymentProvider(publicUrl: string): PaymentProvider {
  return {
    name: 'embedded',
    async createSession() {
      const providerSessionId = randomBytes(24).toString('base64url');
      return { providerSessionId, paymentUrl: `${publicUrl}${TEST_PAYMENT_PATH}/${providerSessionId}` };
    },
    // The page reads the session's state from the database: an expired session is refused there.
    async expireSession() {},
  };
}
