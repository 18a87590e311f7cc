import { describe, expect, it } from 'vitest';
import type { AdminPlan } from '@app/contracts';
import { checkPlan, planCreateOf, planDraftOf, planFieldsOf } from '../lib/plan-form.ts';

const fresh = () => {
  const d = planDraftOf(null, 1_800_000_000);
  d.slug = 'winter-30';
  d.texts.en = { title: 'Winter plan', description: 'Daily interest' };
  d.min_amount = '10';
  d.start_amount = '100.5';
  d.total = '50000';
  d.rate_pct = '5.5';
  d.period_days = '30';
  return d;
};

describe('the plan form', () => {
  it('sends amounts as decimal strings in U and only the languages written', () => {
    const d = fresh();
    d.texts.zh = { title: '冬季计划', description: '' };
    expect(checkPlan(d, null)).toEqual({});
    const body = planCreateOf(d, 'winter');
    expect(body).toMatchObject({
      title: 'Winter plan',
      min_amount: '10',
      start_amount: '100.5',
      total: '50000',
      rate_pct: '5.5',
      period_days: 30,
      personal_cap: null,
      committed_amount: null,
      translations: { zh: { title: '冬季计划', description: '' } },
    });
    expect(Object.keys(body.translations)).toEqual(['zh']);
  });

  it('on an edit sends every other language, an empty name removing it', () => {
    const d = fresh();
    const fields = planFieldsOf(d);
    expect(Object.keys(fields.translations)).toHaveLength(9);
    expect(fields.translations.fr).toEqual({ title: '', description: '' });
  });

  it('refuses amounts and rates the server would, with a message per field', () => {
    const d = fresh();
    d.min_amount = '10.001';
    d.total = '-5';
    d.rate_pct = '0';
    d.early_exit_rate_pct = '7';
    d.texts.de = { title: '', description: 'Nur Text' };
    expect(checkPlan(d, null)).toEqual({
      min_amount: 'plans.errors.money',
      total: 'plans.errors.money',
      rate_pct: 'plans.errors.rate',
      'de.title': 'plans.errors.titleNeeded',
    });
    const e = fresh();
    e.start_amount = '5';
    e.early_exit_rate_pct = '6';
    expect(checkPlan(e, null)).toEqual({
      start_amount: 'plans.errors.startBelowMin',
      early_exit_rate_pct: 'plans.errors.earlyAboveRate',
    });
  });

  it('reads a saved plan with its translations', () => {
    const plan = {
      id: 1,
      slug: 'p',
      title: 'Plan',
      description: 'D',
      translations: { jp: { title: 'プラン', description: '' } },
      terms: {
        rate: '7.30',
        expected_rate: null,
        early_exit_rate: '0.00',
        period_days: 10,
        share_type: 'daily',
        committed_amount: null,
      },
      min_amount: '10.00',
      start_amount: '100.00',
      total: '1000.00',
      personal_cap: null,
      start_time: 1,
      end_time: 2,
      sort: 3,
    } as unknown as AdminPlan;
    const d = planDraftOf(plan);
    expect(d.texts.jp.title).toBe('プラン');
    expect(d.texts.en).toEqual({ title: 'Plan', description: 'D' });
    expect(d.rate_pct).toBe('7.30');
    expect(d.sort).toBe('3');
  });
});
