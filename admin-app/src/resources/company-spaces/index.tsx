import Business from '@mui/icons-material/Business';
import type { ResourceCustomization } from '../../generator/resource';
import { PeopleSection } from './people-section';

/** Company spaces: generated; the show page adds and removes members and FAEs (spec §2.4). */
export const companySpacesCustomization: ResourceCustomization = {
  icon: Business,
  show: {
    hideFields: ['members', 'faes'],
    sections: (
      <>
        <PeopleSection list="members" />
        <PeopleSection list="faes" />
      </>
    ),
  },
};
