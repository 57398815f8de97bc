import { replace, type LoaderFunctionArgs } from 'react-router';
import { createProjectPath } from '../../paths';

/** A scanned board label opens /welcome?serialnumber=…; send it on to project registration. */
export function welcomeLoader({ request }: LoaderFunctionArgs) {
  const serialNumber = new URL(request.url).searchParams.get('serialnumber')?.trim();
  return serialNumber ? replace(createProjectPath(serialNumber)) : null;
}
