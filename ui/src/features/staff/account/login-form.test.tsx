import { describe, expect, it } from 'vitest';
import { returnPath } from './login-form';

describe('returnPath', () => {
  it.each([
    ['?next=%2Fstaff%3Flist%3Dapplicants', '/staff?list=applicants'],
    ['', '/staff'],
    ['?next=https%3A%2F%2Fevil.example%2F', '/staff'],
    ['?next=%2F%2Fevil.example', '/staff'],
    ['?next=%2Flogin%3Fnext%3D%2Fstaff', '/staff'],
    ['?next=javascript%3Aalert(1)', '/staff'],
  ])('%s goes back to %s, never to another site', (search, expected) => {
    expect(returnPath(search)).toBe(expected);
  });
});
