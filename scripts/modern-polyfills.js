/*
 * What the modern-build browsers lack and the apps call: Array#at, Object.hasOwn, Promise.allSettled. Written
 * out, as core-js's versions bring shared internals to every first load (docs/browsers.md).
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
