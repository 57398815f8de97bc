import VpnKey from '@mui/icons-material/VpnKey';
import type { ResourceCustomization } from '../../generator/resource';
import { RotateSecretButton } from './rotate-secret-button';

/** Service accounts: generated; the secret the create answer carries is shown once, and can be rotated. */
export const serviceAccountsCustomization: ResourceCustomization = {
  icon: VpnKey,
  show: { actions: <RotateSecretButton /> },
};
