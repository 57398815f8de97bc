import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FREE_TEXT_ANSWER_MAX_LENGTH, type Question, type QuestionChoice } from '@portal/resources';
import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { askedQuestions, type Answers } from './questionnaire-logic';

/** The id of a question's field, so a summary of errors can move focus to it. */
export const fieldId = (scope: string, questionId: string) => `question-${scope}-${questionId}`;

interface QuestionnaireFieldsProps {
  /** Makes field ids unique when several questionnaires share a page. */
  scope: string;
  questions: readonly Question[];
  answers: Answers;
  /** Validation messages by question id. */
  issues: Readonly<Record<string, string>>;
  onAnswer: (questionId: string, value: unknown) => void;
}

/**
 * The fields of a questionnaire (spec §3 question types): date, free text, information, agreement, drop-down,
 * single and multiple choice, with choices grouped under their group's name. Dependent questions appear once
 * their parent's answer opens them. Every field has its label, says whether it is optional, and carries its
 * validation message (announced through `aria-describedby`).
 */
export function QuestionnaireFields({
  scope,
  questions,
  answers,
  issues,
  onAnswer,
}: QuestionnaireFieldsProps) {
  return (
    <Stack spacing={3}>
      {askedQuestions(questions, answers).map((question) => (
        <QuestionField
          key={question.id}
          id={fieldId(scope, question.id)}
          question={question}
          value={answers[question.id]}
          issue={issues[question.id]}
          onChange={(value) => onAnswer(question.id, value)}
        />
      ))}
    </Stack>
  );
}

interface QuestionFieldProps {
  id: string;
  question: Question;
  value: unknown;
  issue?: string;
  onChange: (value: unknown) => void;
}

/** Choices in order, each run of one group under its group's name. */
function groupsOf(choices: readonly QuestionChoice[]): { group: string | null; choices: QuestionChoice[] }[] {
  const groups: { group: string | null; choices: QuestionChoice[] }[] = [];
  for (const choice of choices) {
    const last = groups.at(-1);
    if (last && last.group === choice.group) last.choices.push(choice);
    else groups.push({ group: choice.group, choices: [choice] });
  }
  return groups;
}

function ChoiceLabel({ choice }: { choice: QuestionChoice }) {
  return (
    <Box component="span">
      {choice.option}
      {choice.description && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {choice.description}
        </Typography>
      )}
    </Box>
  );
}

function QuestionField({ id, question, value, issue, onChange }: QuestionFieldProps) {
  const { t } = useI18n();
  const required = !question.optional;
  const label = question.optional ? `${question.title} ${t('questionnaire.optional')}` : question.title;
  const helpId = `${id}-help`;
  const help: ReactNode = issue ?? question.description ?? undefined;
  const text = typeof value === 'string' ? value : '';

  switch (question.type) {
    case 'info':
      return (
        <Alert severity="info" role="note" id={id}>
          <Typography sx={{ fontWeight: 500 }}>{question.title}</Typography>
          {question.description && <Typography variant="body2">{question.description}</Typography>}
        </Alert>
      );

    case 'free-text':
      return (
        <TextField
          id={id}
          label={label}
          required={required}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          error={!!issue}
          helperText={
            issue ??
            [
              question.description,
              t('questionnaire.characters', { count: text.length, max: FREE_TEXT_ANSWER_MAX_LENGTH }),
            ]
              .filter(Boolean)
              .join(' · ')
          }
          fullWidth
        />
      );

    case 'datepicker':
      return (
        <TextField
          id={id}
          type="date"
          label={label}
          required={required}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          error={!!issue}
          helperText={help}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 280 }}
        />
      );

    case 'agreement':
      return (
        <FormControl required={required} error={!!issue}>
          <FormControlLabel
            control={
              <Checkbox
                id={id}
                checked={value === true}
                onChange={(event) => onChange(event.target.checked)}
                slotProps={{
                  input: { 'aria-describedby': help ? helpId : undefined, 'aria-required': required },
                }}
              />
            }
            label={label}
          />
          {help && <FormHelperText id={helpId}>{help}</FormHelperText>}
        </FormControl>
      );

    case 'drop-down':
      return (
        <TextField
          id={id}
          select
          label={label}
          required={required}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          error={!!issue}
          helperText={help}
          fullWidth
        >
          {question.optional && (
            <MenuItem value="">
              <em>{t('questionnaire.noAnswer')}</em>
            </MenuItem>
          )}
          {groupsOf(question.choices).flatMap(({ group, choices }) => [
            ...(group ? [<ListSubheader key={`group-${group}`}>{group}</ListSubheader>] : []),
            ...choices.map((choice) => (
              <MenuItem key={choice.option} value={choice.option}>
                <ChoiceLabel choice={choice} />
              </MenuItem>
            )),
          ])}
        </TextField>
      );

    case 'single-select':
      return (
        <FormControl component="fieldset" required={required} error={!!issue} id={id} tabIndex={-1}>
          <FormLabel component="legend">{label}</FormLabel>
          <RadioGroup
            value={text}
            onChange={(event) => onChange(event.target.value)}
            aria-describedby={help ? helpId : undefined}
          >
            {groupsOf(question.choices).map(({ group, choices }, index) => (
              <Box
                key={`${group ?? ''}-${index}`}
                role={group ? 'group' : undefined}
                aria-label={group ?? undefined}
              >
                {group && (
                  <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }} aria-hidden="true">
                    {group}
                  </Typography>
                )}
                {choices.map((choice) => (
                  <FormControlLabel
                    key={choice.option}
                    value={choice.option}
                    control={<Radio />}
                    label={<ChoiceLabel choice={choice} />}
                    sx={{ display: 'flex', alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
                  />
                ))}
              </Box>
            ))}
          </RadioGroup>
          {help && <FormHelperText id={helpId}>{help}</FormHelperText>}
        </FormControl>
      );

    case 'multi-select': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      const toggle = (option: string) =>
        onChange(chosen.includes(option) ? chosen.filter((item) => item !== option) : [...chosen, option]);
      return (
        <FormControl component="fieldset" required={required} error={!!issue} id={id} tabIndex={-1}>
          <FormLabel component="legend">{label}</FormLabel>
          <FormGroup aria-describedby={help ? helpId : undefined}>
            {groupsOf(question.choices).map(({ group, choices }, index) => (
              <Box
                key={`${group ?? ''}-${index}`}
                role={group ? 'group' : undefined}
                aria-label={group ?? undefined}
              >
                {group && (
                  <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }} aria-hidden="true">
                    {group}
                  </Typography>
                )}
                {choices.map((choice) => (
                  <FormControlLabel
                    key={choice.option}
                    control={
                      <Checkbox
                        checked={chosen.includes(choice.option)}
                        onChange={() => toggle(choice.option)}
                      />
                    }
                    label={<ChoiceLabel choice={choice} />}
                    sx={{ display: 'flex', alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
                  />
                ))}
              </Box>
            ))}
          </FormGroup>
          {help && <FormHelperText id={helpId}>{help}</FormHelperText>}
        </FormControl>
      );
    }
  }
}
