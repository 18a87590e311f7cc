import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCardBodySchema,
  addPayAccountBodySchema,
  addWalletBodySchema,
  assetsSchema,
  cashBodySchema,
  cashInfoSchema,
  doRechargeBodySchema,
  exchangeBodySchema,
  exchangeQuoteBodySchema,
  exchangeQuoteSchema,
  exchangeRecordListSchema,
  exchangeRecordSchema,
  methodIdBodySchema,
  editCardBodySchema,
  editWalletBodySchema,
  editPayAccountBodySchema,
  paymentMethodListSchema,
  paymentMethodSchema,
  rechargeInfoSchema,
  rechargeRecordListSchema,
  rechargeRecordSchema,
  type SecondFactorBody,
  recordListQuerySchema,
  statementQuerySchema,
  statementSchema,
  WALLET_CURRENCIES,
  walletOptionsSchema,
  withdrawRecordListSchema,
  withdrawRecordSchema,
  withdrawAllowlistBodySchema,
  withdrawAllowlistSchema,
  type WalletOptions,
} from '@app/contracts';
import { answers, fileAnswers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { assertSecondFactor } from '../auth/index.ts';
import type { UploadStore } from '../uploads/index.ts';
import { assets, createQuote, exchangeRecords, executeQuote } from './exchange.service.ts';
import {
  addCard,
  addPayAccount,
  addWallet,
  editMethod,
  holdUntilOf,
  listMethods,
  removeMethod,
  toMethod,
  type MethodEdit,
} from './payment-methods.service.ts';
import { doRecharge, rechargeInfo, rechargeRecords } from './recharge.service.ts';
import { statement, statementCsv } from './statement.service.ts';
import { loadSettings } from './wallet-settings.ts';
import { cashInfo, submitWithdrawal, withdrawRecords } from './withdraw.service.ts';
import { methodHoldHours, requestAllowlistOff, turnAllowlistOn, withdrawAllowlist } from './withdraw-allowlist.ts';

export type WalletRouteOptions = { store: UploadStore };

/** The user's wallet: payment methods, recharge, withdraw, exchange, assets and the statement. */
export const walletRoutes: FastifyPluginAsyncZod<WalletRouteOptions> = async (app, { store }) => {
  const { db, simulated, tz, now } = app;
  const userId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;
  app.addHook('onRequest', app.requireUser);

  // Binding, editing or removing a payout method is stepped up when the user has a second factor on; the service
  // asks for it only once the change is otherwise acceptable.
  const stepUpOf = (request: Parameters<typeof currentUser>[0] & { body: SecondFactorBody }) => () =>
    assertSecondFactor(db, { user: userId(request), ip: request.ip, code: request.body.second_factor_code });

  // A method's "usable from" follows the user's allow-list mode as well as the platform's hold.
  const holdHours = async (user: number) => (await methodHoldHours(db, user, await loadSettings(db))).hours;
  const created = async (row: Parameters<typeof toMethod>[0]) =>
    toMethod(row, holdUntilOf(row, await holdHours(row.userId)), false);

  // ---------- payment methods ----------
  app.post(
    '/api/user/add_card',
    { schema: { summary: 'Add a bank card', body: addCardBodySchema, response: answers(paymentMethodSchema) } },
    async (request, reply) =>
      reply.ok(await created(await addCard(db, userId(request), request.body, stepUpOf(request))), 'added'),
  );
  app.get(
    '/api/user/bank_card',
    { schema: { summary: 'My bank cards', response: answers(paymentMethodListSchema) } },
    async (request, reply) =>
      reply.ok({ items: await listMethods(db, userId(request), await holdHours(userId(request)), ['bank']) }),
  );

  app.post(
    '/api/user/add_wallet_addr',
    { schema: { summary: 'Add a wallet address', body: addWalletBodySchema, response: answers(paymentMethodSchema) } },
    async (request, reply) =>
      reply.ok(await created(await addWallet(db, userId(request), request.body, stepUpOf(request))), 'added'),
  );
  app.get(
    '/api/user/user_wallet',
    { schema: { summary: 'My wallet addresses', response: answers(paymentMethodListSchema) } },
    async (request, reply) =>
      reply.ok({ items: await listMethods(db, userId(request), await holdHours(userId(request)), ['crypto']) }),
  );
  app.get(
    '/api/user/wallet',
    { schema: { summary: 'My wallet overview', response: answers(walletOptionsSchema) } },
    async (_request, reply) => {
      const options: WalletOptions = {
        currencies: Object.entries(WALLET_CURRENCIES).map(([currency, networks]) => ({
          currency,
          networks: [...networks],
        })),
      };
      return reply.ok(options);
    },
  );

  app.post(
    '/api/user/add_payment',
    {
      schema: { summary: 'Add a payout method', body: addPayAccountBodySchema, response: answers(paymentMethodSchema) },
    },
    async (request, reply) =>
      reply.ok(await created(await addPayAccount(db, userId(request), request.body, stepUpOf(request))), 'added'),
  );
  app.get(
    '/api/user/payment',
    { schema: { summary: 'My payout methods', response: answers(paymentMethodListSchema) } },
    async (request, reply) =>
      reply.ok({ items: await listMethods(db, userId(request), await holdHours(userId(request))) }),
  );
  // The one edit customer service allowed of a locked method: the same fields as adding one, and its id.
  const edited = async (request: Parameters<typeof stepUpOf>[0] & { body: { id: number } }, edit: MethodEdit) =>
    created(await editMethod(db, userId(request), request.body.id, edit, stepUpOf(request)));
  app.post(
    '/api/user/edit_card',
    { schema: { summary: 'Edit a bank card', body: editCardBodySchema, response: answers(paymentMethodSchema) } },
    async (request, reply) => reply.ok(await edited(request, { kind: 'bank', ...request.body }), 'operation_succeeded'),
  );
  app.post(
    '/api/user/edit_wallet_addr',
    {
      schema: { summary: 'Edit a wallet address', body: editWalletBodySchema, response: answers(paymentMethodSchema) },
    },
    async (request, reply) =>
      reply.ok(await edited(request, { kind: 'crypto', ...request.body }), 'operation_succeeded'),
  );
  app.post(
    '/api/user/edit_payment',
    {
      schema: {
        summary: 'Edit a payout method',
        body: editPayAccountBodySchema,
        response: answers(paymentMethodSchema),
      },
    },
    async (request, reply) => reply.ok(await edited(request, request.body), 'operation_succeeded'),
  );
  app.post(
    '/api/user/del_payment',
    { schema: { summary: 'Remove a payout method', body: methodIdBodySchema, response: answers(z.null()) } },
    async (request, reply) => {
      await removeMethod(db, userId(request), request.body.id, stepUpOf(request));
      return reply.ok(null, 'deleted');
    },
  );

  // ---------- recharge ----------
  app.get(
    '/api/user/recharge',
    { schema: { summary: 'Recharge form: channels and limits', response: answers(rechargeInfoSchema) } },
    async (_request, reply) => reply.ok(await rechargeInfo(db)),
  );
  app.post(
    '/api/user/dorecharge',
    { schema: { summary: 'Submit a deposit', body: doRechargeBodySchema, response: answers(rechargeRecordSchema) } },
    async (request, reply) => {
      const b = request.body;
      const record = await doRecharge(db, store, {
        userId: userId(request),
        channelId: b.channel_id,
        amount: b.amount,
        payerName: b.payer_name as string,
        transferNote: b.transfer_note as string,
        uploadId: b.upload_id as string,
        key: b.key,
        now: now(),
      });
      return reply.ok(record, 'recharge_submitted');
    },
  );
  app.get(
    '/api/user/recharge_record',
    {
      schema: {
        summary: 'My deposits',
        querystring: recordListQuerySchema,
        response: answers(rechargeRecordListSchema),
      },
    },
    async (request, reply) => reply.ok(await rechargeRecords(db, userId(request), request.query)),
  );

  // ---------- withdraw ----------
  app.get(
    '/api/user/cash',
    { schema: { summary: 'Withdrawal form: methods, fees and limits', response: answers(cashInfoSchema) } },
    async (request, reply) => reply.ok(await cashInfo(db, userId(request), now(), tz)),
  );
  app.post(
    '/api/user/cash',
    { schema: { summary: 'Request a withdrawal', body: cashBodySchema, response: answers(withdrawRecordSchema) } },
    async (request, reply) => {
      const b = request.body;
      const record = await submitWithdrawal(db, {
        userId: userId(request),
        ip: request.ip,
        methodId: b.method_id,
        kind: b.kind,
        amount: b.amount,
        fundPassword: b.fund_password,
        secondFactorCode: b.second_factor_code,
        key: b.key,
        now: now(),
        tz,
      });
      return reply.ok(record, 'withdrawal_submitted');
    },
  );
  app.get(
    '/api/user/withdraw_allowlist',
    { schema: { summary: 'My withdrawal allow-list mode', response: answers(withdrawAllowlistSchema) } },
    async (request, reply) => reply.ok(await withdrawAllowlist(db, userId(request), await loadSettings(db))),
  );
  app.post(
    '/api/user/withdraw_allowlist',
    {
      schema: {
        summary: 'Turn my withdrawal allow-list mode on, or ask for it to end in 24 hours',
        body: withdrawAllowlistBodySchema,
        response: answers(withdrawAllowlistSchema),
      },
    },
    async (request, reply) => {
      const settings = await loadSettings(db);
      if (request.body.on === '1')
        return reply.ok(await turnAllowlistOn(db, userId(request), settings), 'allowlist_on');
      const answer = await requestAllowlistOff(db, {
        userId: userId(request),
        ip: request.ip,
        fundPassword: request.body.fund_password,
        secondFactorCode: request.body.second_factor_code,
        settings,
        tz,
      });
      return reply.ok(answer, answer.state === 'turning_off' ? 'allowlist_turning_off' : 'operation_succeeded');
    },
  );
  app.get(
    '/api/user/cash_record',
    {
      schema: {
        summary: 'My withdrawals',
        querystring: recordListQuerySchema,
        response: answers(withdrawRecordListSchema),
      },
    },
    async (request, reply) => reply.ok(await withdrawRecords(db, userId(request), request.query)),
  );

  // ---------- exchange and assets ----------
  app.get(
    '/api/user/assets',
    { schema: { summary: 'My coin balances for exchange', response: answers(assetsSchema) } },
    async (request, reply) => reply.ok(await assets(db, userId(request), { now: now(), tz }, simulated)),
  );
  app.post(
    '/api/user/exchange_quote',
    { schema: { summary: 'Quote an exchange', body: exchangeQuoteBodySchema, response: answers(exchangeQuoteSchema) } },
    async (request, reply) =>
      reply.ok(await createQuote(db, { userId: userId(request), ...request.body, now: now(), simulated })),
  );
  app.post(
    '/api/user/exchange',
    {
      schema: {
        summary: 'Exchange between currencies',
        body: exchangeBodySchema,
        response: answers(exchangeRecordSchema),
      },
    },
    async (request, reply) =>
      reply.ok(
        await executeQuote(db, {
          userId: userId(request),
          quoteId: request.body.quote_id,
          key: request.body.key,
          now: now(),
        }),
        'operation_succeeded',
      ),
  );
  app.get(
    '/api/user/exchange_record',
    {
      schema: {
        summary: 'My exchanges',
        querystring: recordListQuerySchema.omit({ id: true }),
        response: answers(exchangeRecordListSchema),
      },
    },
    async (request, reply) => reply.ok(await exchangeRecords(db, userId(request), request.query)),
  );

  // ---------- statement ----------
  app.get(
    '/api/user/finance',
    { schema: { summary: 'My statement', querystring: statementQuerySchema, response: answers(statementSchema) } },
    async (request, reply) => reply.ok(await statement(db, userId(request), request.query)),
  );
  /** The same rows as a CSV file (not an envelope): the app fetches it with its token and saves it. */
  app.get(
    '/api/user/finance_csv',
    {
      schema: {
        summary: 'My statement as a CSV file',
        querystring: statementQuerySchema.omit({ page: true, size: true }),
        response: fileAnswers('The statement as a CSV file (UTF-8 with a byte order mark)', 'text/csv'),
      },
    },
    async (request, reply) => {
      const csv = await statementCsv(db, userId(request), request.query, tz);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="statement.csv"')
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
