/**
 * Card numbers of the embedded test-payment page (README lists the same). Like a real provider's test mode, the
 * number alone decides the outcome; expiry date and CVC are only checked for form.
 */
export const TEST_CARDS = {
  /** Paid at once. */
  success: '4242424242424242',
  /** Declined: the payment session fails and the checkout has to be made again. */
  declined: '4000000000000002',
  /** Insufficient funds: the page asks for another try; the session stays open. */
  retry: '4000000000009995',
} as const;

export type TestCardOutcome = 'succeeded' | 'declined' | 'retry' | 'invalid';

/** The Luhn check digit test every card number passes. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/**
 * What the embedded provider does with a card number: the documented test cards succeed, decline or ask for
 * another try; any other well-formed number is declined (only test cards are accepted); a malformed one is
 * invalid and the form asks again.
 */
export function chargeTestCard(cardNumber: string): TestCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return 'invalid';
  if (digits === TEST_CARDS.success) return 'succeeded';
  if (digits === TEST_CARDS.retry) return 'retry';
  return 'declined';
}
