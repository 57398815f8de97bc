import { eq } from 'drizzle-orm';
import {
  ERROR_MESSAGES,
  normalizeTaxId,
  validateBilling,
  validateQuestionnaireAnswers,
  type BillingValidation,
  type ErrorCode,
  type ErrorItem,
  type QuestionnaireAnswers,
} from '@portal/resources';
import { billingInformation } from '../../../db/schema-commerce.js';
import { ApiError } from '../../../transport/errors.js';
import type { CheckoutContext, Executor } from '../context.js';
import type { ResolvedEntry } from '../order-lines.js';
import { findQuestionnaire } from '../questionnaires.js';
import { exportAccessOf } from '../entitlements.js';

const refusal = (code: ErrorCode, resources: string[]): ErrorItem => ({
  errorCode: code,
  resources,
  messages: [ERROR_MESSAGES[code]],
});

/** Every questionnaire the entries ask must be answered by the rules of spec §5. */
export async function checkAnswers(
  tx: Executor,
  resolved: ResolvedEntry[],
  answers: QuestionnaireAnswers,
): Promise<QuestionnaireAnswers> {
  const cleaned: QuestionnaireAnswers = {};
  const errors: ErrorItem[] = [];
  for (const id of new Set(resolved.flatMap((entry) => entry.questionnaireIds))) {
    const questionnaire = await findQuestionnaire(tx, id);
    if (!questionnaire) continue;
    const result = validateQuestionnaireAnswers(questionnaire.questions, answers[id] ?? {});
    cleaned[id] = result.answers;
    for (const issue of result.issues) {
      errors.push({
        errorCode: 'questionnaire_answers_invalid',
        resources: [`answers.${id}.${issue.questionId}`],
        messages: [issue.message],
      });
    }
  }
  if (errors.length) throw new ApiError(400, errors);
  return cleaned;
}

/** Billing rules of a purchase (spec §4, calls §8.4), with the configured countries and tax id check. */
export function billingChecks({ config, taxIdCheck }: Pick<CheckoutContext, 'config' | 'taxIdCheck'>) {
  /** The billing validation of a user, for a purchase holding the given export-controlled tools. */
  async function billingValidationOf(
    tx: Executor,
    userId: string,
    exportControlledToolIds: string[],
  ): Promise<BillingValidation> {
    const [info] = await tx
      .select()
      .from(billingInformation)
      .where(eq(billingInformation.userId, userId))
      .limit(1);
    const access = await exportAccessOf(tx, userId, exportControlledToolIds);
    const exportApproved = exportControlledToolIds.every((id) => access.get(id) === 'granted');
    const taxId = normalizeTaxId(info?.taxId);
    const country = info?.billingAddress?.country;
    const taxIdResult = taxId && country ? await taxIdCheck(taxId, country) : 'verified';
    return validateBilling(
      {
        billingAddress: info?.billingAddress ?? null,
        shippingAddress: info?.shippingAddress ?? null,
        taxId,
      },
      { countries: config.billingCountries, exportApproved, taxIdCheck: taxIdResult },
    );
  }

  /** A purchase needs billing information that validates as ok: each issue its own code. */
  async function checkBilling(tx: Executor, userId: string, resolved: ResolvedEntry[]): Promise<void> {
    const payable = resolved.flatMap((entry) => entry.positions).filter((position) => position.price);
    if (!payable.length) return;
    const validation = await billingValidationOf(
      tx,
      userId,
      payable.map((position) => position.exportControlledToolId).filter((id): id is string => !!id),
    );
    if (validation.status === 'ok') return;
    throw new ApiError(
      409,
      validation.issues.map((issue) => refusal(`billing_${issue}` as ErrorCode, ['billingInformation'])),
    );
  }

  return { billingValidationOf, checkBilling };
}
