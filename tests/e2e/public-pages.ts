/**
 * The public pages the server renders (issue 48; customer-app/src/ssr/server-data.ts), each with the level-one
 * heading it shows. Bundles are opened by their catalogue key: the server sends the visitor on to the UUID address.
 */
export const PUBLIC_PAGES = [
  { path: '/welcome', heading: 'Welcome to the Developer Portal' },
  { path: '/assets', heading: 'Software and tools' },
  { path: '/assets?q=flash&sort=name', heading: 'Software and tools' },
  { path: '/assets/software', heading: 'Software' },
  { path: '/documents', heading: 'Documents' },
  { path: '/assets/nx-flash-programmer', heading: 'NX Flash Programmer' },
  { path: '/tools/serial-terminal', heading: 'Serial Terminal' },
  { path: '/assets/nx-motor-control-lib', heading: 'NX Motor Control Library' },
  { path: '/software-bundles/BND-MOTOR-STARTER', heading: 'Motor Control Starter Bundle' },
  { path: '/document/doc-nx240-datasheet', heading: 'NX240 Datasheet' },
] as const;
