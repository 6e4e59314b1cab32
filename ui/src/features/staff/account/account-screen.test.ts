import { describe, expect, it } from 'vitest';
import { changedSaying } from './account-screen';

describe('what a password change says', () => {
  it('names the passkeys it removed, one or more, and none when none', () => {
    expect(changedSaying(0)).toBe('Your password was changed. Your other sessions were signed out.');
    expect(changedSaying(1)).toBe(
      'Your password was changed. Your other sessions were signed out. The passkey you ticked was removed.',
    );
    expect(changedSaying(3)).toBe(
      'Your password was changed. Your other sessions were signed out. The 3 passkeys you ticked were removed.',
    );
  });
});
