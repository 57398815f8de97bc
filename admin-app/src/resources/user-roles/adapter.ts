import type { ApiClient } from '@portal/data-provider';
import type { RoleName, User, userRolesResource } from '@portal/resources';
import type { Identifier, RaRecord } from 'react-admin';
import type { ResourceAdapter } from '../../providers/admin-data-provider';

/** A row of the user roles screen: one user (by email, the definition's id field) and their global roles. */
export interface UserRoleRecord extends RaRecord {
  id: string;
  email: string;
  roles: RoleName[];
  userId: string;
  username: string;
}

const toUserRoleRecord = (user: User): UserRoleRecord => ({
  id: user.email,
  email: user.email,
  roles: user.roles.map((role) => role.name),
  userId: user.id,
  username: user.username,
});

/** react-admin's meta on a call that removes roles: set once the admin confirmed removing their own. */
interface RoleRemovalMeta {
  confirmOwnRole?: boolean;
}

/**
 * User roles speak spec calls §7.1, not simple-rest: one `POST`/`DELETE users/roles` per granted or removed role,
 * and no call for one user, so one is found among all holders. `meta.confirmOwnRole` confirms removing one's own.
 */
export function userRolesAdapter(api: ApiClient): ResourceAdapter<typeof userRolesResource> {
  const allHolders = async () => (await api.call('GET /users/roles')).map(toUserRoleRecord);
  const grant = (email: string, role: RoleName) =>
    api.call('POST /users/roles', { body: { role, user: email } });
  const remove = (email: string, role: RoleName, meta: RoleRemovalMeta = {}) =>
    api.call('DELETE /users/roles', {
      body: { role, user: email, ...(meta.confirmOwnRole ? { confirmOwnRole: true } : {}) },
    });

  /** Grants, then removals, one call each; the answer of the last call is the user as they are now. */
  async function change(email: string, add: RoleName[], drop: RoleName[], meta?: RoleRemovalMeta) {
    let user: User | undefined;
    for (const role of add) user = await grant(email, role);
    for (const role of drop) user = await remove(email, role, meta);
    return user;
  }

  const findOne = async (id: Identifier) => {
    const record = (await allHolders()).find(
      (holder) => holder.email.toLowerCase() === String(id).toLowerCase(),
    );
    // Someone without any role left is still the same row for react-admin: no roles.
    const roleless: UserRoleRecord = {
      id: String(id),
      email: String(id),
      roles: [],
      userId: '',
      username: '',
    };
    return record ?? roleless;
  };

  return {
    toRecord: toUserRoleRecord,
    getOne: async (_resource, params) => ({ data: (await findOne(params.id)) as never }),
    getMany: async (_resource, params) => {
      const wanted = new Set(params.ids.map((id) => String(id).toLowerCase()));
      return {
        data: (await allHolders()).filter((holder) => wanted.has(holder.email.toLowerCase())) as never,
      };
    },
    create: async (_resource, params) => {
      const { email, roles = [] } = params.data as { email: string; roles?: RoleName[] };
      const user = await change(email, roles, []);
      return { data: (user ? toUserRoleRecord(user) : await findOne(email)) as never };
    },
    update: async (_resource, params) => {
      const email = String(params.id);
      const before = new Set<RoleName>((params.previousData as UserRoleRecord | undefined)?.roles ?? []);
      const after = new Set<RoleName>((params.data as { roles?: RoleName[] }).roles ?? []);
      const user = await change(
        email,
        [...after].filter((role) => !before.has(role)),
        [...before].filter((role) => !after.has(role)),
        params.meta as RoleRemovalMeta | undefined,
      );
      return { data: (user ? toUserRoleRecord(user) : await findOne(email)) as never };
    },
    delete: async (_resource, params) => {
      const email = String(params.id);
      const previous = (params.previousData as UserRoleRecord | undefined) ?? (await findOne(email));
      const user = await change(email, [], previous.roles, params.meta as RoleRemovalMeta | undefined);
      return { data: (user ? toUserRoleRecord(user) : previous) as never };
    },
  };
}
