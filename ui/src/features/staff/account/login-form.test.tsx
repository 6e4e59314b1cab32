import { describe, expect, it } from 'vitest';
import { setUpPath } from '@/lib/staff-client';
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

describe('setUpPath', () => {
  it.each([
    ['/staff', '/staff/account'],
    ['/staff/mail', '/staff/account?next=%2Fstaff%2Fmail'],
    ['/staff?list=applicants', '/staff/account?next=%2Fstaff%3Flist%3Dapplicants'],
  ])('sets up the factor, then goes on to %s', (then, expected) => {
    expect(setUpPath(then)).toBe(expected);
  });
});
