import {
  canAccess,
  hasAnyRouteRole,
  type HasRoles,
  type ResourceAction,
  type ResourceDefinition,
  type RouteRole,
} from '@portal/resources';

/**
 * The one declared authorization rule of an API route (`config.access`). A route under /api/v1 without one
 * is refused at start-up.
 */
export type AccessRule =
  | { kind: 'public' }
  /** Any signed-in caller; `unverified` also admits users whose email is not verified yet. */
  | { kind: 'signed-in'; unverified?: boolean }
  | { kind: 'roles'; roles: readonly RouteRole[]; mfa?: boolean }
  | { kind: 'resource'; definition: Pick<ResourceDefinition, 'name' | 'access'>; action: ResourceAction };

export const access = {
  public: (): AccessRule => ({ kind: 'public' }),
  signedIn: (options: { unverified?: boolean } = {}): AccessRule => ({ kind: 'signed-in', ...options }),
  roles: (roles: readonly RouteRole[], options: { mfa?: boolean } = {}): AccessRule => ({
    kind: 'roles',
    roles,
    ...options,
  }),
  resource: (
    definition: Pick<ResourceDefinition, 'name' | 'access'>,
    action: ResourceAction,
  ): AccessRule => ({
    kind: 'resource',
    definition,
    action,
  }),
};

export interface Caller extends HasRoles {
  emailVerified: boolean;
  mfa: boolean;
}

export type AccessDecision = 'allow' | 'unauthenticated' | 'unverified' | 'forbidden' | 'mfa-required';

/** What a rule says about a caller (null: nobody signed in). */
export function decide(rule: AccessRule, caller: Caller | null): AccessDecision {
  if (rule.kind === 'public') return 'allow';
  if (!caller) return 'unauthenticated';
  if (!caller.emailVerified && !(rule.kind === 'signed-in' && rule.unverified)) return 'unverified';
  switch (rule.kind) {
    case 'signed-in':
      return 'allow';
    case 'roles':
      if (!hasAnyRouteRole(caller, rule.roles)) return 'forbidden';
      return rule.mfa && !caller.mfa ? 'mfa-required' : 'allow';
    case 'resource':
      return canAccess(caller, rule.definition, rule.action) ? 'allow' : 'forbidden';
  }
}
