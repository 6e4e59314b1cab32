// The second factor's shapes, as the HTTP contract of issue 28 writes them, until the server's
// generated `@/lib/staff-types` holds them (then this file goes and the imports switch there).
// In the shell because the shell (the session), the account screens and the team all read them.
import type {
  StaffSession as BaseStaffSession,
  TeamBody as BaseTeamBody,
  TeamMember as BaseTeamMember,
  Role,
} from '@/lib/staff-types';

/** `done`: nothing to do; `give`: the factor must be given; `set_up`: one must be set up first. */
export type SecondFactorStep = 'done' | 'give' | 'set_up';

/** `code`: an authenticator app (recovery codes go in the same field); `passkey`: a passkey. */
export type SecondFactorWay = 'code' | 'passkey';

export type StaffSession = BaseStaffSession & {
  second_factor: SecondFactorStep;
  second_factor_ways: Array<SecondFactorWay>;
};

export type TeamMember = BaseTeamMember & { second_factor: boolean };

export type TeamBody = { accounts: Array<TeamMember>; invites: BaseTeamBody['invites'] };

export type PasskeyRow = { id: number; name: string; created_at: string; last_used_at: string | null };

export type SecondFactors = {
  authenticator: boolean;
  passkeys: Array<PasskeyRow>;
  recovery_codes_left: number;
  required: boolean;
};

export type AuthenticatorSetUp = { secret: string; otpauth_url: string; qr_svg: string };

export type FactorAdded = { recovery_codes: Array<string> };

/** `options.publicKey`: WebAuthn's options as JSON (base64url for the binary fields). */
export type PasskeyChallenge = { challenge_id: string; options: { publicKey: unknown } };

export type FactorPolicy = { required_roles: Array<Role> };

export type CodeGiven = { code: string };

export type PasskeySignIn = { challenge_id: string; credential: unknown };

export type PasskeyAdded = { challenge_id: string; name: string; credential: unknown };

export type PasskeyName = { name: string };
