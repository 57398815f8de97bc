import { SaveButton, Toolbar } from 'react-admin';

/**
 * The toolbar of a hand-made form: save only. react-admin's default toolbar adds a delete button for any record
 * with an id, which would delete the page's resource (a board, a tool) by the id of what the form edits (a link,
 * a version); these pages delete from their lists instead.
 */
export function SaveOnlyToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}
