import type { OperatorLoginResult, OperatorSession } from '@app/contracts';

type Enrolment = Extract<OperatorLoginResult, { state: 'enrol' }>['enrolment'];

/**
 * The steps of signing in: the password (and, once enrolled, a code); for an operator without an authenticator,
 * its enrolment (a QR code and the secret, then the first code); after enrolment the ten recovery codes, shown
 * once; and accepting an invitation (choosing a password) on the side.
 */
export type SignInStep =
  | { step: 'credentials'; name: string; notice: 'password_set' | null }
  | { step: 'enrol'; name: string; enrolment: Enrolment }
  | { step: 'recovery'; session: OperatorSession; codes: string[] }
  | { step: 'accept' }
  | { step: 'done'; session: OperatorSession };

export type SignInEvent =
  | { type: 'answered'; name: string; result: OperatorLoginResult }
  | { type: 'enrolled'; session: OperatorSession }
  | { type: 'codes_saved' }
  | { type: 'open_accept' }
  | { type: 'accepted'; name: string }
  | { type: 'back' };

export const initialSignIn = (name = ''): SignInStep => ({ step: 'credentials', name, notice: null });

export function signInFlow(state: SignInStep, event: SignInEvent): SignInStep {
  switch (event.type) {
    case 'answered':
      return event.result.state === 'enrol'
        ? { step: 'enrol', name: event.name, enrolment: event.result.enrolment }
        : { step: 'done', session: event.result.session };
    case 'enrolled': {
      const codes = event.session.recovery_codes ?? [];
      return codes.length > 0
        ? { step: 'recovery', session: event.session, codes }
        : { step: 'done', session: event.session };
    }
    case 'codes_saved':
      return state.step === 'recovery' ? { step: 'done', session: state.session } : state;
    case 'open_accept':
      return { step: 'accept' };
    case 'accepted':
      return { step: 'credentials', name: event.name, notice: 'password_set' };
    case 'back':
      return initialSignIn(state.step === 'enrol' || state.step === 'credentials' ? state.name : '');
  }
}

/** A six-digit authenticator code, or a recovery code (five and five characters joined by a dash). */
export const isOneTimeCode = (code: string) => /^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/.test(code.trim());
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.trim());
