// node-polyglot (react-admin's i18n) requires the `object.entries` polyfill, which brings a stack of ES-spec
// helpers (get-intrinsic, call-bound, define-properties…) into the first load. Every browser the portal
// supports has Object.entries (spec product §2.5: Chrome 80, Firefox 70, Edge 80, iOS 9+ with ES2017).
module.exports = Object.entries;
