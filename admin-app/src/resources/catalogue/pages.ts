/** The versions and request flow pages of catalogue items, loaded together when the first is opened. */
export { BundleVersionsPage } from './bundle-versions-page';
export { RequestFlowPage } from './request-flow-page';
export { SoftwareVersionsPage } from './software-versions-page';
