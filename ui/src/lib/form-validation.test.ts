import { describe, expect, it } from 'vitest';
import { clearFieldError, firstErrorField, firstFailure, isBlank, knownFieldErrors } from './form-validation';

describe('form validation helpers', () => {
  const rules = [
    { field: 'a' as const, fails: (v: { a: string; b: string }) => isBlank(v.a) },
    { field: 'b' as const, fails: (v: { a: string; b: string }) => isBlank(v.b) },
  ];

  it('stops at the first failing rule', () => {
    expect(firstFailure({ a: '', b: '' }, rules, 'req')).toEqual({ a: 'req' });
    expect(firstFailure({ a: 'x', b: ' ' }, rules, 'req')).toEqual({ b: 'req' });
    expect(firstFailure({ a: 'x', b: 'y' }, rules, 'req')).toEqual({});
  });

  it('clears only the edited field', () => {
    const errors: Partial<Record<'a' | 'b', string>> = { a: 'req', b: 'other' };
    expect(clearFieldError(errors, 'a')).toEqual({ b: 'other' });
    const same: Partial<Record<'a' | 'b', string>> = { b: 'x' };
    expect(clearFieldError(same, 'a')).toBe(same);
  });

  it('finds the first field with an error in form order', () => {
    expect(firstErrorField({ b: 'x', a: 'y' }, ['a', 'b'])).toBe('a');
    expect(firstErrorField({}, ['a', 'b'])).toBeUndefined();
  });

  it('keeps only the server field errors the form can show', () => {
    expect(knownFieldErrors({ email: 'Bad', other: 'x' }, ['name', 'email'])).toEqual({ email: 'Bad' });
  });
});
