import { describe, expect, it } from 'vitest';
import { addCardBodySchema, certificationBodySchema, doRechargeBodySchema } from './index.ts';
import { leadBodySchema } from './copy.ts';
import { supportSendBodySchema } from './content.ts';
import { cleanUserText, sameWrittenName } from './user-text.ts';

const ESC = '\u001b';

describe('user-written text', () => {
  it('loses terminal controls and bidi overrides, keeping every other character', () => {
    const hostile = `Ali${ESC}]0;pwned\u0007ce${ESC}[2J \u202Egnp.exe\u202C \u2066x\u2069 \u009b张三 ✓`;
    expect(cleanUserText(hostile)).toBe('Ali]0;pwnedce[2J gnp.exe x 张三 ✓');
  });

  it('turns line breaks into spaces on one-line fields and keeps line feeds in paragraphs', () => {
    expect(cleanUserText(' a\r\nb\tc\n')).toBe('a b c');
    expect(cleanUserText('a\r\nb\rc\td', { multiline: true })).toBe('a\nb\nc d');
  });

  it('is applied by the request schemas before their rules', () => {
    const card = addCardBodySchema.parse({
      bank_name: `Bank${ESC}[31m`,
      branch: 'Main',
      holder: '\u202EZhang',
      card_number: '6222020200112233',
    });
    expect(card).toMatchObject({ bank_name: 'Bank[31m', holder: 'Zhang' });
    expect(certificationBodySchema.parse({ real_name: `\u0007Li Lei\u2067`, id_number: 'X' }).real_name).toBe('Li Lei');
    const recharge = doRechargeBodySchema.parse({
      channel_id: 1,
      amount: '10',
      payer_name: `Wang${ESC}`,
      transfer_note: 'ref\u202D42',
      upload_id: 'a'.repeat(16),
      key: 'recharge-key-1',
    });
    expect(recharge).toMatchObject({ payer_name: 'Wang', transfer_note: 'ref42' });
    expect(supportSendBodySchema.parse({ body: `hi${ESC}[8m\nthere\u0007` }).body).toBe('hi[8m\nthere');
    const lead = leadBodySchema.parse({ display_name: `Top\u202E Trader`, description: `line${ESC}\none`, agree: '1' });
    expect(lead).toMatchObject({ display_name: 'Top Trader', description: 'line one' });
  });

  it('still refuses a field left empty once the controls are gone', () => {
    const result = certificationBodySchema.safeParse({ real_name: `${ESC}\u202E`, id_number: 'X' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('name_wrong');
  });
});

describe('sameWrittenName', () => {
  it('ignores case, spaces, dots, middle dots and dashes, and full-width forms; not other letters', () => {
    expect(sameWrittenName('Wang Wu', 'wang·wu')).toBe(true);
    expect(sameWrittenName('WANG-WU', 'Wang.Wu')).toBe(true);
    expect(sameWrittenName('Ｗａｎｇ Ｗｕ', 'wangwu')).toBe(true);
    expect(sameWrittenName('王 五', '王五')).toBe(true);
    expect(sameWrittenName('Wang Wu', 'Wang Wei')).toBe(false);
    expect(sameWrittenName('Li Lei', 'Wang Wu')).toBe(false);
  });
});
