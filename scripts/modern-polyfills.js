/*
 * What the apps and their packages call that the modern-build browsers of the root `browserslist` lack:
 * Array#at (Chrome 92, Firefox 90), Object.hasOwn (Chrome 93, Firefox 92), Promise.allSettled (Firefox 71).
 * Written out, not core-js: core-js's versions bring 7 KB gzip of shared internals to every first load.
 * Loaded before the app by plugin-legacy's modern polyfill chunk (scripts/browsers.ts).
 */
const define = (target, name, value) => {
  if (!(name in target)) Object.defineProperty(target, name, { value, writable: true, configurable: true });
};

define(Array.prototype, 'at', function at(index) {
  const length = this.length >>> 0;
  let relative = Math.trunc(index) || 0;
  if (relative < 0) relative += length;
  return relative < 0 || relative >= length ? undefined : this[relative];
});

define(Object, 'hasOwn', function hasOwn(object, key) {
  if (object == null) throw new TypeError('Object.hasOwn called on null or undefined');
  return Object.prototype.hasOwnProperty.call(object, key);
});

define(Promise, 'allSettled', function allSettled(values) {
  return Promise.all(
    Array.from(values, (value) =>
      Promise.resolve(value).then(
        (result) => ({ status: 'fulfilled', value: result }),
        (reason) => ({ status: 'rejected', reason }),
      ),
    ),
  );
});
