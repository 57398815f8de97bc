import { CART_STORAGE_KEY, cartEntryKey, type Checkout } from '@portal/resources';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fixtures';
import { toolEntry } from '../cart/cart-entries';
import { makeTool, makeVersion } from '../test-data';
import { renderWithPortal } from '../../../test/portal';
import { CheckoutResultPage } from './checkout-result-page';

const id = '7b0e8f52-4c1f-4d8e-9a51-2f4f6c1d0a11';
const purchase = toolEntry(
  makeTool({ featureId: 'nx-motor-control-lib', name: 'NX Motor Control Library' }),
  makeVersion({ version: '4.0.0', spn: 'SPN-MCL-400', price: { amountCents: 49_900, currency: 'EUR' } }),
);

function checkout(status: Checkout['status']): Checkout {
  return {
    id,
    status,
    entryKeys: [cartEntryKey(purchase)],
    orders: [],
    payment: {
      status,
      provider: 'embedded',
      paymentUrl: status === 'started' ? 'http://portal.test/payments/test/abc' : null,
      expiresAt: '2026-01-02T00:00:00.000Z',
      amount: { amountCents: 49_900, currency: 'EUR' },
      failureReason: null,
      paymentMethod: status === 'completed' ? 'card' : null,
    },
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function renderResult(query: string, answers: Parameters<typeof stubFetch>[0], signedIn = true) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([purchase]));
  return renderWithPortal(
    [{ path: '/cart/:id/checkout-result', Component: CheckoutResultPage }],
    `/cart/${id}/checkout-result?${query}`,
    { fetch: stubFetch(answers), signedIn },
  );
}

const cartSize = () => (JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as unknown[]).length;

describe('the checkout result page (spec §4 checkout session)', () => {
  it('asks anonymous visitors to sign in: the address alone says nothing about the payment', () => {
    const { sent } = renderResult('status=success', {}, false);
    expect(screen.getByText('Sign in to see the result of your checkout.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      `/login?redirectTo=${encodeURIComponent(`/cart/${id}/checkout-result?status=success`)}`,
    );
    expect(sent).toEqual([]);
  });

  it('records a cancel the provider reported only by the return address, so the payment can be resumed', async () => {
    const { sent } = renderResult('status=canceled', {
      [`checkouts/${id}`]: { status: 200, body: checkout('started') },
      [`checkouts/${id}/cancel`]: { status: 200, body: checkout('canceled') },
    });
    expect(await screen.findByRole('button', { name: 'Resume payment of €499.00' })).toBeTruthy();
    expect(screen.getByText('Payment canceled')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      `checkouts/${id}/cancel`,
    ]);
    expect(cartSize()).toBe(1);
  });

  it('says an expired checkout must be checked out again, with the items still in the cart', async () => {
    renderResult('status=expired', { [`checkouts/${id}`]: { status: 200, body: checkout('expired') } });
    expect(await screen.findByText('Payment expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the cart' }).getAttribute('href')).toBe('/cart');
    expect(cartSize()).toBe(1);
  });

  it('says a failed payment failed, whatever the address claims', async () => {
    renderResult('status=success', { [`checkouts/${id}`]: { status: 200, body: checkout('failed') } });
    expect(await screen.findByText('Payment failed')).toBeTruthy();
    expect(cartSize()).toBe(1);
  });

  it('thanks for a completed payment and takes the paid items out of the cart', async () => {
    renderResult('status=success', { [`checkouts/${id}`]: { status: 200, body: checkout('completed') } });
    expect(await screen.findByText('Thank you for your purchase')).toBeTruthy();
    await waitFor(() => expect(cartSize()).toBe(0));
  });
});
