/**
 * A form's error messages as one table: `any` words codes the same on every control; then for
 * each control, `blank` when it is empty whatever the code, the message key of each error code
 * (the browser's check and the server's 422 give the same codes) and `*` for any other code.
 * A code found nowhere reads as `invalid`.
 */
export type FieldMessages = Readonly<Record<string, string>>;
export type ErrorTable<F extends string = string> = {
  readonly any?: FieldMessages;
  readonly fields?: Readonly<Partial<Record<F, FieldMessages>>>;
};

/** The message key of `code` on `field`; `isBlank` when the control holds nothing. */
export function errorKey<F extends string>(
  table: ErrorTable<F>,
  field: F | undefined,
  code: string,
  isBlank = false,
): string {
  const own = field === undefined ? undefined : table.fields?.[field];
  // Own keys only: a code such as 'constructor' must not find Object's.
  const at = (messages: FieldMessages | undefined, key: string) =>
    messages && Object.hasOwn(messages, key) ? messages[key] : undefined;
  return (
    at(table.any, code) ??
    (isBlank ? at(own, 'blank') : undefined) ??
    at(own, code) ??
    at(own, '*') ??
    'invalid'
  );
}

/** Codes whose message key is the code itself (`errors.<code>` in the locale files). */
export const ownKeys = (...codes: readonly string[]): FieldMessages =>
  Object.fromEntries(codes.map((code) => [code, code]));
