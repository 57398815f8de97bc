type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}${K}`]: string };

/** The texts of @portal/resources under catalogue keys: `prefixed('errorCode.', { duplicate: … })`. */
export function prefixed<P extends string, T extends Record<string, string>>(
  prefix: P,
  texts: T,
): Prefixed<P, T> {
  return Object.fromEntries(
    Object.entries(texts).map(([key, text]) => [`${prefix}${key}`, text]),
  ) as Prefixed<P, T>;
}
