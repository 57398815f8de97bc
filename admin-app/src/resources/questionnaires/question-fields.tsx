import {
  AUTOFILL_TYPES,
  MIN_CHOICES,
  QUESTION_TYPES,
  type Question,
  type QuestionType,
} from '@portal/resources';
import {
  AddItemButton,
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';

const nullIfEmpty = (value: unknown) => (value === '' ? null : value);
const emptyIfNull = (value: unknown) => value ?? '';

/** Whether a question type offers choices. */
const hasChoices = (type: QuestionType | undefined) => !!type && (MIN_CHOICES[type] ?? 0) > 0;

/** A question as the editor starts a new one. */
export const NEW_QUESTION: Omit<Question, 'id'> = {
  type: 'free-text',
  title: '',
  description: null,
  choices: [],
  dependentQuestions: [],
  optional: false,
  autofillType: 'none',
};

/**
 * The inputs of one question (spec product §3 Question), under `prefix` when the question sits inside a
 * larger form. Choices show for the choice types, autofill for free text; dependent questions pick among
 * `others`, the other questions of the questionnaire.
 */
export function QuestionFields({
  prefix = '',
  others = [],
}: {
  prefix?: string;
  others?: readonly Question[];
}) {
  const at = (source: string) => `${prefix}${source}`;
  return (
    <>
      <SelectInput
        source={at('type')}
        label="portal.questions.type"
        choices={QUESTION_TYPES.map((type) => ({ id: type, name: `portal.questions.types.${type}` }))}
        isRequired
      />
      <TextInput
        source={at('title')}
        label="portal.questions.title"
        isRequired
        multiline
        parse={emptyIfNull}
      />
      <TextInput
        source={at('description')}
        label="portal.questions.description"
        multiline
        parse={nullIfEmpty}
      />
      <BooleanInput source={at('optional')} label="portal.questions.optional" />
      <FormDataConsumer>
        {({ formData }) => {
          const type = (prefix ? formData?.questions?.[0]?.type : formData?.type) as QuestionType | undefined;
          return (
            <>
              {type === 'free-text' && (
                <SelectInput
                  source={at('autofillType')}
                  label="portal.questions.autofill"
                  choices={AUTOFILL_TYPES.map((autofill) => ({
                    id: autofill,
                    name: `portal.questions.autofill_types.${autofill}`,
                  }))}
                />
              )}
              {hasChoices(type) && (
                <ArrayInput source={at('choices')} label="portal.questions.choices">
                  <SimpleFormIterator
                    inline
                    disableReordering={false}
                    // Two lists on one page: each add button says what it adds.
                    addButton={<AddItemButton label="portal.questions.add_choice" />}
                  >
                    <TextInput
                      source="option"
                      label="portal.questions.choice_option"
                      isRequired
                      parse={emptyIfNull}
                    />
                    <TextInput
                      source="description"
                      label="portal.questions.choice_description"
                      parse={nullIfEmpty}
                    />
                    <TextInput source="group" label="portal.questions.choice_group" parse={nullIfEmpty} />
                  </SimpleFormIterator>
                </ArrayInput>
              )}
            </>
          );
        }}
      </FormDataConsumer>
      {others.length > 0 && (
        <ArrayInput source={at('dependentQuestions')} label="portal.questions.dependents">
          <SimpleFormIterator inline addButton={<AddItemButton label="portal.questions.add_dependent" />}>
            <SelectInput
              source="questionId"
              label="portal.questions.dependent_question"
              choices={others.map((question) => ({ id: question.id, name: question.title }))}
              isRequired
            />
            <TextInput source="whenOption" label="portal.questions.dependent_when" parse={nullIfEmpty} />
          </SimpleFormIterator>
        </ArrayInput>
      )}
    </>
  );
}
