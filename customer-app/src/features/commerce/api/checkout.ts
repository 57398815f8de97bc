import type { ApiClient } from '@portal/data-provider';
import type { BillingInformation, BillingInformationInput, Checkout, CheckoutInput } from '@portal/resources';
import { queryOptions } from '@tanstack/react-query';

export const checkoutKeys = {
  checkout: (id: string) => ['checkouts', id] as const,
  billing: ['billing-information'] as const,
};

/** `POST checkouts`: the same cart checked out again answers its open checkout (200) instead of a new one. */
export function createCheckout(api: ApiClient, input: CheckoutInput): Promise<Checkout> {
  return api.call('POST /checkouts', { body: input });
}

export function checkoutQuery(api: ApiClient, id: string) {
  return queryOptions<Checkout>({
    queryKey: checkoutKeys.checkout(id),
    queryFn: ({ signal }) => api.call('GET /checkouts/:id', { params: { id }, signal }),
    // A payment changes state elsewhere (the payment page, the provider's confirmation).
    staleTime: 0,
  });
}

/** `POST checkouts/{id}/cancel`: the customer left the payment page; it stays resumable for 24 hours. */
export function cancelCheckout(api: ApiClient, id: string): Promise<Checkout> {
  return api.call('POST /checkouts/:id/cancel', { params: { id } });
}

/** `POST checkouts/{id}/resume`: answers the checkout with its payment page again. */
export function resumeCheckout(api: ApiClient, id: string): Promise<Checkout> {
  return api.call('POST /checkouts/:id/resume', { params: { id } });
}

export function billingInformationQuery(api: ApiClient) {
  return queryOptions<BillingInformation>({
    queryKey: checkoutKeys.billing,
    queryFn: ({ signal }) => api.call('GET /billing-information', { signal }),
  });
}

export function saveBillingInformation(
  api: ApiClient,
  input: BillingInformationInput,
): Promise<BillingInformation> {
  return api.call('PUT /billing-information', { body: input });
}
