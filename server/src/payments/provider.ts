import type { PaymentProviderName } from '@portal/resources';

interface PaymentLine {
  name: string;
  /** In the smallest unit of the currency. */
  amountCents: number;
}

export interface CreateSessionInput {
  /** Our payment session's id: the provider's idempotency key and its reference back to us. */
  reference: string;
  checkoutId: string;
  customerEmail: string;
  currency: string;
  lines: PaymentLine[];
  expiresAt: Date;
  /** Where the browser returns after paying or cancelling; fulfilment never depends on it. */
  successUrl: string;
  cancelUrl: string;
}

interface ProviderSession {
  providerSessionId: string;
  /** The page where the browser pays. */
  paymentUrl: string;
}

/**
 * A card payment provider behind one interface. A session is created for a checkout's payable entries and paid
 * on the provider's page; the provider's confirmation (the embedded page's server-side result, Stripe's signed
 * webhook) drives fulfilment, never the browser's return to the portal.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createSession(input: CreateSessionInput): Promise<ProviderSession>;
  /** Makes a session unpayable (the checkout expired); a session already ended is left as it is. */
  expireSession(providerSessionId: string): Promise<void>;
}

/** The provider could not be reached or refused the call: the checkout answers 502 `payment_provider_error`. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
