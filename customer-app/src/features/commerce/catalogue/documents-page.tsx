import { CataloguePage } from './catalogue-page';

/** `/documents`: data sheets, manuals and application notes (non-public ones for signed-in users only). */
export function DocumentsPage() {
  return <CataloguePage scope="documents" />;
}
