import { issueCode, type FieldError as ApiFieldError } from '@app/contracts';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/** Passed to zod as the per-parse error map: the same codes the server answers with. */
export { issueCode };

/**
 * Puts a 422's field codes on the matching controls (field names follow the body's paths),
 * focusing and scrolling to the first one. Returns the errors no control shows.
 */
export function applyServerErrors<T extends FieldValues>(
  errors: readonly ApiFieldError[],
  setError: UseFormSetError<T>,
  /** The control's name for a body field, null when no control shows it. */
  fieldFor: (field: string) => string | null,
): ApiFieldError[] {
  const unplaced: ApiFieldError[] = [];
  let first = true;
  for (const error of errors) {
    const name = fieldFor(error.field);
    if (!name) {
      unplaced.push(error);
      continue;
    }
    setError(
      name as FieldPath<T>,
      { type: 'server', message: error.codes[0] },
      { shouldFocus: first },
    );
    first = false;
  }
  if (!first) scrollToFirstInvalid();
  return unplaced;
}

/** Brings the first control marked invalid into view (after React has rendered the marks). */
export function scrollToFirstInvalid(root: ParentNode = document): void {
  requestAnimationFrame(() => {
    const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  });
}

/** A form's errors object from zod issues, the first issue of each control winning. */
export function errorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fieldFor: (path: string) => string | null = (path) => path,
): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const name = fieldFor(issue.path.map(String).join('.'));
    if (name) setPath(errors, name, { type: 'validate', message: issue.message });
  }
  return errors;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let cur: Record<string, unknown> = target;
  for (const [i, key] of keys.entries()) {
    if (i === keys.length - 1) {
      cur[key] ??= value;
      return;
    }
    cur[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
    cur = cur[key] as Record<string, unknown>;
  }
}
