/** The questionnaire and question editors, loaded together when the first is opened. */
export { QuestionEditorPage } from './question-editor-page';
export { QuestionnaireCreatePage, QuestionnaireEditorPage } from './questionnaire-editor-page';
