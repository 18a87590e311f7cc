import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../src/platform/audit/audit.table.ts';
import { userNotes } from '../../src/modules/user-notes/user-notes.table.ts';
import { createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';
import { operatorCall } from './wallet-helpers.ts';

// Operators' notes and tags on a user: written by whoever may read the user's page, each act audited on the user,
// a removed note kept with why, bad input refused with nothing changed.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const notesOf = async (userId: number) =>
  (await operatorCall(t.admin, 'sam', 'GET', `/admin/users/${userId}/notes`)).data;
const auditOf = (userId: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, `user:${userId}`), eq(auditLog.action, action)));

describe("notes on a user's page", () => {
  it('are written by a reader of the page, newest first, audited with their text, and removed with a reason', async () => {
    const u = await registerUser(t.app, t.database);
    const url = `/admin/users/${u.user.id}/notes`;
    const first = await operatorCall(t.admin, 'fay', 'POST', url, {
      body: 'Paid by a relative card, checked by phone',
    });
    expect(first.status).toBe(200);
    const second = await operatorCall(t.admin, 'sam', 'POST', url, { body: '  Asked for the limit to go up  ' });
    const notes = await notesOf(u.user.id);
    expect(notes.notes.map((n: { body: string; operator: string }) => [n.operator, n.body])).toEqual([
      ['sam', 'Asked for the limit to go up'],
      ['fay', 'Paid by a relative card, checked by phone'],
    ]);
    const [added] = await auditOf(u.user.id, 'user.note_add');
    expect(added).toMatchObject({ operator: 'fay', reason: 'Paid by a relative card, checked by phone' });
    expect(added!.credential).toBe('token');

    // Removal needs a reason; the note leaves the list but its row keeps the text, who removed it and why.
    expect((await operatorCall(t.admin, 'fay', 'POST', `${url}/${second.data.id}/remove`, {})).status).toBe(400);
    expect(
      (
        await operatorCall(t.admin, 'fay', 'POST', `${url}/${second.data.id}/remove`, {
          reason: 'handled, limit raised',
        })
      ).status,
    ).toBe(200);
    expect((await notesOf(u.user.id)).notes).toHaveLength(1);
    const [kept] = await t.database.db.select().from(userNotes).where(eq(userNotes.id, second.data.id));
    expect(kept).toMatchObject({
      body: 'Asked for the limit to go up',
      removedBy: 'fay',
      removeReason: 'handled, limit raised',
    });
    expect((await auditOf(u.user.id, 'user.note_remove'))[0]!.details).toMatchObject({
      body: 'Asked for the limit to go up',
    });
    // Once removed it is gone: again is no data; another user's note id does not reach across.
    expect(
      (await operatorCall(t.admin, 'fay', 'POST', `${url}/${second.data.id}/remove`, { reason: 'once more please' }))
        .key,
    ).toBe('no_data');
    const other = await registerUser(t.app, t.database);
    expect(
      (
        await operatorCall(t.admin, 'fay', 'POST', `/admin/users/${other.user.id}/notes/${first.data.id}/remove`, {
          reason: 'wrong page',
        })
      ).key,
    ).toBe('no_data');
  });

  it('refuses an empty or overlong note, an unknown user, and an operator who may not read users', async () => {
    const u = await registerUser(t.app, t.database);
    const url = `/admin/users/${u.user.id}/notes`;
    expect((await operatorCall(t.admin, 'sam', 'POST', url, { body: '  ' })).status).toBe(400);
    expect((await operatorCall(t.admin, 'sam', 'POST', url, { body: 'x'.repeat(1001) })).status).toBe(400);
    expect(
      (await operatorCall(t.admin, 'sam', 'POST', '/admin/users/999999999/notes', { body: 'nobody here' })).key,
    ).toBe('user_not_found');
    expect((await operatorCall(t.admin, 'cole', 'POST', url, { body: 'content editors do not' })).status).toBe(403);
    expect((await operatorCall(t.admin, 'cole', 'GET', url)).status).toBe(403);
    expect((await notesOf(u.user.id)).notes).toEqual([]);
  });
});

describe('tags on a user', () => {
  it('are added once each, lower-cased, at most ten, removed with a reason, each act audited', async () => {
    const u = await registerUser(t.app, t.database);
    const url = `/admin/users/${u.user.id}/tags`;
    expect((await operatorCall(t.admin, 'fay', 'POST', url, { tag: 'VIP', reason: 'large deposits' })).status).toBe(
      200,
    );
    expect((await operatorCall(t.admin, 'sam', 'POST', url, { tag: 'vip', reason: 'again, by support' })).status).toBe(
      200,
    );
    expect((await notesOf(u.user.id)).tags).toEqual([expect.objectContaining({ tag: 'vip', added_by: 'fay' })]);
    expect(await auditOf(u.user.id, 'user.tag_add')).toHaveLength(1);

    for (const bad of ['', 'two words', 'über', '-dash', 'x'.repeat(25)])
      expect((await operatorCall(t.admin, 'fay', 'POST', url, { tag: bad, reason: 'a bad tag' })).status).toBe(400);
    expect((await operatorCall(t.admin, 'fay', 'POST', url, { tag: 'watch' })).status).toBe(400);

    for (let i = 2; i <= 10; i++)
      expect((await operatorCall(t.admin, 'fay', 'POST', url, { tag: `t${i}`, reason: 'filling up' })).status).toBe(
        200,
      );
    const eleventh = await operatorCall(t.admin, 'fay', 'POST', url, { tag: 'one-more', reason: 'past the cap' });
    expect(eleventh).toMatchObject({ status: 400, key: 'invalid_request' });
    expect((await notesOf(u.user.id)).tags).toHaveLength(10);

    const removed = await operatorCall(t.admin, 'sam', 'POST', `${url}/remove`, { tag: 'vip', reason: 'no longer' });
    expect(removed.status).toBe(200);
    expect((await notesOf(u.user.id)).tags.map((x: { tag: string }) => x.tag)).not.toContain('vip');
    expect((await auditOf(u.user.id, 'user.tag_remove'))[0]).toMatchObject({ operator: 'sam', reason: 'no longer' });
    expect((await operatorCall(t.admin, 'sam', 'POST', `${url}/remove`, { tag: 'vip', reason: 'no longer' })).key).toBe(
      'no_data',
    );
  });

  it('two operators tagging at once stop at ten between them', async () => {
    const u = await registerUser(t.app, t.database);
    const url = `/admin/users/${u.user.id}/tags`;
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        operatorCall(t.admin, i % 2 ? 'fay' : 'sam', 'POST', url, { tag: `race-${i}`, reason: 'at the same time' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect((await notesOf(u.user.id)).tags).toHaveLength(10);
  });
});
