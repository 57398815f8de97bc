/** Global role names of spec product §3, exactly as the portal stores and shows them. */
export const ROLE_NAMES = [
  'Admin',
  'Company Space Admin',
  'Company Space Member',
  'Company Space FAE',
  'Company Space Viewer',
  'Internal User',
  'Support',
  'System User',
  'Promoted User',
  'MFA User',
  'CSS Migration User',
  'OSTS User',
  'Virus Scanner',
] as const;

export type RoleName = (typeof ROLE_NAMES)[number];

export const Role = {
  Admin: 'Admin',
  CompanySpaceAdmin: 'Company Space Admin',
  CompanySpaceMember: 'Company Space Member',
  CompanySpaceFae: 'Company Space FAE',
  CompanySpaceViewer: 'Company Space Viewer',
  InternalUser: 'Internal User',
  Support: 'Support',
  SystemUser: 'System User',
  PromotedUser: 'Promoted User',
  MfaUser: 'MFA User',
  CssMigrationUser: 'CSS Migration User',
  OstsUser: 'OSTS User',
  VirusScanner: 'Virus Scanner',
} as const satisfies Record<string, RoleName>;

/** Route-level role identifiers of spec product §3 and the role names each stands for. */
export const ROUTE_ROLES = {
  ADMIN: [Role.Admin],
  COMPANYSPACE_ADMIN: [Role.CompanySpaceAdmin],
  INTERNAL_USER: [Role.InternalUser],
} as const satisfies Record<string, readonly RoleName[]>;

export type RouteRole = keyof typeof ROUTE_ROLES;

export interface HasRoles {
  roles: ReadonlyArray<{ name: string }>;
}

/** A user has a role when any of their roles has a matching name. */
export function hasRole(user: HasRoles | null | undefined, role: RoleName): boolean {
  return !!user && user.roles.some((r) => r.name === role);
}

/** The role guard of spec §2.5: admitted when any required route role matches any of the user's roles. */
export function hasAnyRouteRole(user: HasRoles | null | undefined, required: readonly RouteRole[]): boolean {
  return required.some((routeRole) => ROUTE_ROLES[routeRole].some((name) => hasRole(user, name)));
}

/** Who may open the admin console at all (spec §2.3: admin or company space admin). */
export const ADMIN_CONSOLE_ROLES: readonly RouteRole[] = ['ADMIN', 'COMPANYSPACE_ADMIN'];

export const isInternalUser = (user: HasRoles | null | undefined): boolean =>
  hasAnyRouteRole(user, ['INTERNAL_USER']);
export const isCompanySpaceAdmin = (user: HasRoles | null | undefined): boolean =>
  hasAnyRouteRole(user, ['COMPANYSPACE_ADMIN']);
