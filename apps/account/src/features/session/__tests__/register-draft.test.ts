import { beforeEach, describe, expect, it, vi } from 'vitest';

type DraftModule = typeof import('../lib/register-draft.ts');
/** The module as a fresh page load finds it: its memory empty, session storage as it was. */
const load = async (): Promise<DraftModule> => {
  vi.resetModules();
  return import('../lib/register-draft.ts');
};

const typed = {
  account: 'newuser',
  phone: '13900000000',
  code: '123456',
  password: 'secret123',
  password_confirm: 'secret123',
  invite_code: 'WELCOME',
  agree: true,
};

beforeEach(() => sessionStorage.clear());

describe('the register draft', () => {
  it('gives back every field, the passwords from memory, and never stores a password', async () => {
    const draft = await load();
    expect(draft.startRegisterDraft(null)).toEqual({
      values: {
        ...typed,
        account: '',
        phone: '',
        code: '',
        password: '',
        password_confirm: '',
        invite_code: '',
        agree: false,
      },
      passwordLost: false,
    });
    draft.keepRegisterDraft(typed, null);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('secret123');
    expect(draft.startRegisterDraft(null)).toEqual({ values: typed, passwordLost: false });
  });

  it('after a reload keeps every other field and says the password was not kept', async () => {
    (await load()).keepRegisterDraft(typed, null);
    const reloaded = await load();
    expect(reloaded.startRegisterDraft(null)).toEqual({
      values: { ...typed, password: '', password_confirm: '' },
      passwordLost: true,
    });
  });

  it("lets a new invitation link's code win over the draft's, and keeps the typed one otherwise", async () => {
    const draft = await load();
    draft.keepRegisterDraft({ ...typed, invite_code: 'TYPED' }, 'LINK1');
    expect(draft.startRegisterDraft('LINK1').values.invite_code).toBe('TYPED');
    expect(draft.startRegisterDraft(null).values.invite_code).toBe('TYPED');
    expect(draft.startRegisterDraft('LINK2').values.invite_code).toBe('LINK2');
  });

  it('is forgotten once the account is made', async () => {
    const draft = await load();
    draft.keepRegisterDraft(typed, null);
    draft.clearRegisterDraft();
    expect(sessionStorage.length).toBe(0);
    expect(draft.startRegisterDraft(null).values.password).toBe('');
    expect(draft.startRegisterDraft(null).values.account).toBe('');
  });
});
