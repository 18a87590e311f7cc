/**
 * What was typed into Register, kept while the user reads the user agreement (or anything else) and comes
 * back. Every field but the passwords goes to session storage (this tab only, gone when it closes), so it
 * survives a reload too. The passwords never go to any storage: they stay in this module's memory, which lasts
 * as long as the page does (an in-app visit elsewhere), and a reload loses them; the draft then remembers that
 * one had been typed, so the form can ask for it again.
 */
export type RegisterDraft = {
  account: string;
  phone: string;
  code: string;
  password: string;
  password_confirm: string;
  invite_code: string;
  agree: boolean;
};

type Stored = Omit<RegisterDraft, 'password' | 'password_confirm'> & {
  /** The invitation code of the link the form was opened with: a different link's code wins over the draft. */
  link: string | null;
  /** A password had been typed (it is not in here). */
  typedPassword: boolean;
};

const KEY = 'register-draft';
let passwords: Pick<RegisterDraft, 'password' | 'password_confirm'> | null = null;

function readStored(): Stored | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

/**
 * The form's starting values: the draft where there is one, the invitation code of the link otherwise (or when
 * the link is a new one); `passwordLost` when a password was typed but did not outlive a reload.
 */
export function startRegisterDraft(inviteFromLink: string | null): {
  values: RegisterDraft;
  passwordLost: boolean;
} {
  const stored = readStored();
  const empty: RegisterDraft = {
    account: '',
    phone: '',
    code: '',
    password: '',
    password_confirm: '',
    invite_code: inviteFromLink ?? '',
    agree: false,
  };
  if (!stored) {
    passwords = null;
    return { values: empty, passwordLost: false };
  }
  const newLink = inviteFromLink !== null && inviteFromLink !== stored.link;
  return {
    values: {
      account: String(stored.account ?? ''),
      phone: String(stored.phone ?? ''),
      code: String(stored.code ?? ''),
      password: passwords?.password ?? '',
      password_confirm: passwords?.password_confirm ?? '',
      invite_code: newLink ? inviteFromLink : String(stored.invite_code ?? ''),
      agree: stored.agree === true,
    },
    passwordLost: stored.typedPassword === true && !passwords?.password,
  };
}

/** Keeps the form's values: the passwords in memory only, the rest in session storage. */
export function keepRegisterDraft(values: RegisterDraft, inviteFromLink: string | null): void {
  const { password, password_confirm, ...rest } = values;
  passwords = password || password_confirm ? { password, password_confirm } : null;
  const stored: Stored = { ...rest, link: inviteFromLink, typedPassword: passwords !== null };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Storage refused (private mode, full): the draft lives only as long as the page.
  }
}

/** Forgets the draft, memory and storage (after a registration). */
export function clearRegisterDraft(): void {
  passwords = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing was stored
  }
}
