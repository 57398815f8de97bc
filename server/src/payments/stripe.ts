import { createHmac, timingSafeEqual } from 'node:crypto';
import { PaymentProviderError, type PaymentProvider } from './provider.js';

/** The fields of a Stripe Checkout Session this adapter reads. */
interface StripeCheckoutSession {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  payment_method_types?: string[];
  client_reference_id?: string | null;
}

export interface StripeEvent {
  id: string;
  type: string;
  data: { object: { id?: string; object?: string } };
}

export interface StripeProvider extends PaymentProvider {
  /** The session as Stripe has it now: fulfilment reads the state from Stripe, not from the event body. */
  retrieveSession(sessionId: string): Promise<StripeCheckoutSession>;
}

/** Form encoding of Stripe's API: nested keys in brackets (`line_items[0][price_data][currency]`). */
function formEncode(values: Record<string, unknown>, prefix = ''): string[] {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (typeof value === 'object') pairs.push(...formEncode(value as Record<string, unknown>, name));
    else pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  return pairs;
}

/**
 * Stripe Checkout through Stripe's documented HTTP API (api.stripe.com, form-encoded requests, bearer secret
 * key): `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/{id}`, `POST /v1/checkout/sessions/{id}/expire`.
 * Fulfilment comes from the signed webhook (`checkout.session.completed` and friends), see {@link verifyStripeSignature}.
 */
export function stripePaymentProvider(options: {
  secretKey: string;
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): StripeProvider {
  const fetchImpl = options.fetch ?? fetch;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<{ status: number; json: T }> {
    let response: Response;
    try {
      response = await fetchImpl(`${options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: body ? formEncode(body).join('&') : undefined,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new PaymentProviderError('Stripe could not be reached.', { cause: error });
    }
    const json = (await response.json().catch(() => ({}))) as T;
    return { status: response.status, json };
  }

  const failed = (what: string, status: number, json: unknown) =>
    new PaymentProviderError(
      `Stripe refused to ${what} (${status}): ${(json as { error?: { message?: string } }).error?.message ?? 'no message'}`,
    );

  return {
    name: 'stripe',
    async createSession(input) {
      const { status, json } = await call<StripeCheckoutSession>(
        'POST',
        '/v1/checkout/sessions',
        {
          mode: 'payment',
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.checkoutId,
          customer_email: input.customerEmail,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          line_items: Object.fromEntries(
            input.lines.map((line, index) => [
              index,
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: line.amountCents,
                  product_data: { name: line.name },
                },
              },
            ]),
          ),
          metadata: { checkout_id: input.checkoutId, payment_session_id: input.reference },
        },
        input.reference,
      );
      if (status !== 200 || !json.id || !json.url) throw failed('create a checkout session', status, json);
      return { providerSessionId: json.id, paymentUrl: json.url };
    },
    async expireSession(sessionId) {
      const { status, json } = await call(
        'POST',
        `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/expire`,
        {},
      );
      // 400: the session is no longer open (paid or expired already), which is what was asked.
      if (status !== 200 && status !== 400) throw failed('expire a checkout session', status, json);
    },
    async retrieveSession(sessionId) {
      const { status, json } = await call<StripeCheckoutSession>(
        'GET',
        `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`,
      );
      if (status !== 200) throw failed('read a checkout session', status, json);
      return json;
    },
  };
}

/** Signs a payload as Stripe does (`t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`); for tests and fakes. */
export function stripeSignature(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Checks a `Stripe-Signature` header against the raw body with the endpoint's signing secret, as Stripe's
 * libraries do: any `v1` signature must match, and the timestamp must be within the tolerance (replays).
 */
export function verifyStripeSignature(
  payload: string,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('=') as [string, string]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex'));
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value) return false;
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
