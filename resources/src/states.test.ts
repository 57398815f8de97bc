import { describe, expect, it } from 'vitest';
import * as states from './states.js';

describe('states', () => {
  it.each([
    [states.projectStatusSchema, ['active', 'cancellation-requested', 'cancelled', 'finished']],
    [states.dipStepStateSchema, ['pending', 'active', 'completed']],
    [
      states.workflowStatusSchema,
      [
        'resolved',
        'in-progress',
        'assigned-to-nobody',
        'assigned-to-owner',
        'assigned-to-member',
        'assigned-to-provider',
      ],
    ],
    [states.invitationStatusSchema, ['active', 'expired']],
    [states.licenseStatusSchema, ['active', 'expired', 'revoked', 'perpetual', 'unknown']],
    [states.orderStatusSchema, ['in-progress', 'done', 'reopened', 'payment-missing', 'payment-canceled']],
    [states.orderPositionStatusSchema, ['rejected', 'approved', 'in-progress', 'reopened']],
    [states.checkoutSessionStatusSchema, ['started', 'canceled', 'failed', 'expired']],
    [states.billingValidationStatusSchema, ['ok', 'not-ok', 'pending']],
    [states.authenticationTypeSchema, ['NONE', 'NORMAL', 'MFA']],
  ] as const)('%# holds exactly the states of the spec', (schema, values) => {
    expect(schema.options).toEqual(values);
  });
});
