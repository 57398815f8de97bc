/**
 * Field names whose values are secrets, at any depth of a change's before/after: passwords and their hashes, client
 * secrets, tokens, TOTP seeds, keys, credentials, card data. The server redacts them when it writes a history record
 * and strips them when it answers one; the console shows only that they changed.
 */
export const SECRET_FIELD =
  /password|passwd|hash|secret|token|totp|api_?key|private_?key|credential|card|cvc|cvv|iban/i;

/** Whether a field of a history record holds a secret (see {@link SECRET_FIELD}). */
export const isSecretField = (field: string) => SECRET_FIELD.test(field);
