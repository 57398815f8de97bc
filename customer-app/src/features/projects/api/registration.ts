import type { ApiClient } from '@portal/data-provider';
import type { ProjectCreatePayload } from '@portal/resources';

/**
 * `POST projects?acceptServiceAgreement=true`: registers a product as a project. `board` is the serial number, or
 * the name of a board that needs none. The server refuses without the accepted service agreement.
 */
export const registerProject = (
  api: ApiClient,
  payload: ProjectCreatePayload,
  acceptServiceAgreement: boolean,
) =>
  api.call('POST /projects', {
    query: { acceptServiceAgreement: acceptServiceAgreement ? 'true' : 'false' },
    body: payload,
  });
