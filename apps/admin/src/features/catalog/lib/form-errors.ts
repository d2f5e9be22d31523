import type { FieldError as ApiFieldError } from '@app/contracts';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

interface IssueLike {
  code?: string;
  message?: string;
  input?: unknown;
  origin?: string;
  minimum?: unknown;
}

/**
 * The code a zod issue stands for, as the server's error handler names it, so a form shows
 * one message for a rule whether the browser or the server found it broken. Passed as the
 * per-parse error map: messages set by the contract's own refinements (the spec's codes) win.
 */
export function issueCode(issue: IssueLike): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'required' : 'invalid_type';
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? 'required' : 'min';
    case 'too_big':
      return 'max';
    case 'invalid_format':
      return 'pattern';
    default:
      return issue.message && /^[a-z0-9_]+$/i.test(issue.message) ? issue.message : 'invalid';
  }
}

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
