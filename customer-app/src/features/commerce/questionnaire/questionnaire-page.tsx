import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError } from '@portal/data-provider';
import type { Questionnaire, QuestionnaireAnswers } from '@portal/resources';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { paths } from '../../../paths';
import { questionnaireQuery } from '../api/catalogue';
import { cartQuestionnaires } from '../cart/cart-entries';
import { useCart } from '../cart/use-cart';
import { CheckoutError } from '../checkout/checkout-error';
import { useCheckout } from '../checkout/use-checkout';
import { PageFrame } from '../components/page-frame';
import { ErrorBlock, LoadingBlock } from '../../../components/query-states';
import { useAccount } from '../components/use-account';
import { answerDrafts } from './answer-drafts';
import { QuestionnaireFields, fieldId } from './questionnaire-form';
import { autofillAnswers, checkAnswers, type ProfileClaims } from './questionnaire-logic';

type Issues = Record<string, Record<string, string>>;

/** Server refusals of answers name their question as `answers.{questionnaireId}.{questionId}`. */
function serverIssues(error: unknown): Issues {
  const issues: Issues = {};
  if (!(error instanceof ApiError)) return issues;
  for (const item of error.errors) {
    if (item.errorCode !== 'questionnaire_answers_invalid') continue;
    for (const resource of item.resources) {
      const [, questionnaireId, questionId] = resource.split('.');
      if (questionnaireId && questionId)
        (issues[questionnaireId] ??= {})[questionId] = item.messages[0] ?? '';
    }
  }
  return issues;
}

/**
 * The cart's questionnaire (spec §2.2 /cart/questionnaire): every questionnaire the cart's items ask, built from
 * its questions, prefilled from the profile claims, checked by the rules of spec §5 before the checkout.
 */
export function QuestionnairePage() {
  const { t } = useI18n();
  const { api } = usePortal();
  const entries = useCart();
  const account = useAccount();
  const asked = cartQuestionnaires(entries);
  const queries = useQueries({
    queries: asked.map(({ questionnaireId }) => questionnaireQuery(api, questionnaireId)),
  });
  const [answers, setAnswers] = useState<QuestionnaireAnswers>(() => answerDrafts.read());
  const [issues, setIssues] = useState<Issues>({});
  const [summary, setSummary] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const checkout = useCheckout();
  const formId = useId();

  // What the user gave, over what the profile claims fill in for the questions they have not touched.
  const profile: ProfileClaims = account.user ?? {};
  const loaded = queries.map((query) => query.data).filter((q): q is Questionnaire => !!q);
  const shown: QuestionnaireAnswers = { ...answers };
  for (const questionnaire of loaded) {
    const own = answers[questionnaire.id] ?? {};
    shown[questionnaire.id] = { ...autofillAnswers(questionnaire.questions, profile, own), ...own };
  }

  useEffect(() => answerDrafts.write(answers), [answers]);

  if (entries.length === 0 && !checkout.isSuccess) return <Navigate to={paths.cart} replace />;

  const answer = (questionnaireId: string, questionId: string, value: unknown) => {
    setAnswers((current) => ({
      ...current,
      [questionnaireId]: { ...current[questionnaireId], [questionId]: value },
    }));
    setIssues((current) => {
      if (!current[questionnaireId]?.[questionId]) return current;
      const rest = { ...current[questionnaireId] };
      delete rest[questionId];
      return { ...current, [questionnaireId]: rest };
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Issues = {};
    const cleaned: QuestionnaireAnswers = {};
    for (const questionnaire of loaded) {
      const result = checkAnswers(questionnaire.questions, shown[questionnaire.id] ?? {});
      cleaned[questionnaire.id] = result.answers;
      if (Object.keys(result.issues).length) found[questionnaire.id] = result.issues;
    }
    setIssues(found);
    const first = Object.entries(found)[0];
    if (first) {
      const count = Object.values(found).reduce((sum, byQuestion) => sum + Object.keys(byQuestion).length, 0);
      setSummary(t('questionnaire.fixErrors', { count }));
      const [questionnaireId, byQuestion] = first;
      const questionId = Object.keys(byQuestion)[0]!;
      requestAnimationFrame(() => focusField(fieldId(questionnaireId, questionId)));
      return;
    }
    setSummary(null);
    checkout.mutate(cleaned, {
      onError: (error) => {
        const fromServer = serverIssues(error);
        if (Object.keys(fromServer).length) setIssues(fromServer);
        requestAnimationFrame(() => summaryRef.current?.focus());
      },
    });
  };

  const back = (
    <Button component={RouterLink} to={paths.cart} startIcon={<ArrowBack />} size="small">
      {t('questionnaire.backToCart')}
    </Button>
  );
  const pending = queries.some((query) => query.isPending);
  const failed = queries.find((query) => query.isError);

  return (
    <PageFrame title={t('page.cartQuestionnaire')} back={back} intro={t('questionnaire.intro')}>
      <Box ref={summaryRef} tabIndex={-1} sx={{ outline: 'none' }}>
        {summary && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {summary}
          </Alert>
        )}
        {checkout.isError && <CheckoutError error={checkout.error} entries={entries} />}
      </Box>
      {asked.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={paths.cart}>
              {t('questionnaire.backToCart')}
            </Button>
          }
        >
          {t('questionnaire.none')}
        </Alert>
      ) : pending ? (
        <LoadingBlock label={t('questionnaire.loading')} />
      ) : failed ? (
        <ErrorBlock error={failed.error} onRetry={() => void failed.refetch()} />
      ) : (
        <Box component="form" id={formId} onSubmit={submit} noValidate>
          <Stack spacing={3}>
            {loaded.map((questionnaire) => {
              const askedBy = asked.find((item) => item.questionnaireId === questionnaire.id)?.askedBy ?? [];
              const headingId = `${formId}-${questionnaire.id}`;
              return (
                <Paper
                  key={questionnaire.id}
                  variant="outlined"
                  component="section"
                  aria-labelledby={headingId}
                  sx={{ p: { xs: 2, sm: 3 } }}
                >
                  <Typography id={headingId} variant="h2" gutterBottom>
                    {questionnaire.name}
                  </Typography>
                  <Typography color="text.secondary" sx={{ mb: 3 }}>
                    {t('questionnaire.askedBy', { items: askedBy.join(', ') })}
                  </Typography>
                  <QuestionnaireFields
                    scope={questionnaire.id}
                    questions={questionnaire.questions}
                    answers={shown[questionnaire.id] ?? {}}
                    issues={issues[questionnaire.id] ?? {}}
                    onAnswer={(questionId, value) => answer(questionnaire.id, questionId, value)}
                  />
                </Paper>
              );
            })}
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
              <Button component={RouterLink} to={paths.cart}>
                {t('questionnaire.backToCart')}
              </Button>
              <Button type="submit" variant="contained" disabled={checkout.isPending}>
                {t('questionnaire.submit')}
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </PageFrame>
  );
}

/** Moves focus to a question's field (its input, or the first control of a group). */
function focusField(id: string) {
  const element = document.getElementById(id);
  if (!element) return;
  const control = element.matches('input, textarea, select, [role="combobox"]')
    ? element
    : element.querySelector<HTMLElement>('input, textarea, [role="combobox"], button');
  (control ?? element).focus();
}
