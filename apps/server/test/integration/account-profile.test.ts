import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { call, createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let alice: { token: string; user: { id: number } };
let bob: { token: string; user: { id: number } };

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app, t.database);
  bob = await registerUser(t.app, t.database);
});
afterAll(async () => t?.close());

function multipart(parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>) {
  const boundary = '----avatartest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadAvatar(token: string, file: { filename: string; type: string; data: Buffer }, lang = 'en') {
  const body = multipart([{ name: 'file', ...file }]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/uploadavatar',
    headers: { token, lang, 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: response.statusCode, ...response.json() };
}
const getAvatar = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/avatar', headers: { token } });
const avatarCount = async () =>
  Number(
    (await t.database.db.execute(sql`select count(*)::int as n from uploads where purpose = 'avatar'`)).rows[0]!.n,
  );
const image = (format: 'png' | 'jpeg' | 'webp', width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 160, b: 90 } } })
    .toFormat(format)
    .toBuffer();

describe('/api/user/uploadavatar', () => {
  it('needs a session', async () => {
    const answer = await uploadAvatar('', { filename: 'a.png', type: 'image/png', data: await image('png') });
    expect(answer.key).toBe('login_required');
  });

  it('stores a square re-encoded thumbnail without metadata and serves it to its owner only', async () => {
    expect(JSON.parse((await getAvatar(alice.token)).body).key).toBe('no_data');
    // The user's summary says there is none, so the app has nothing to ask for.
    expect((await call(t.app, 'GET', '/api/user/index', { token: alice.token })).data.avatar_id).toBeNull();
    const withExif = await sharp(await image('jpeg'))
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .jpeg()
      .toBuffer();
    const answer = await uploadAvatar(alice.token, { filename: 'me.jpg', type: 'image/jpeg', data: withExif });
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ width: 256, height: 256 });
    expect(answer.data.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const served = await getAvatar(alice.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-avatar-id']).toBe(answer.data.id);
    expect((await call(t.app, 'GET', '/api/user/index', { token: alice.token })).data.avatar_id).toBe(answer.data.id);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(served.rawPayload.toString('latin1')).not.toContain('secret-gps-owner');

    // Bob has none of his own, and Alice's picture id is not his to read.
    expect(JSON.parse((await getAvatar(bob.token)).body).key).toBe('no_data');
    const other = await call(t.app, 'GET', `/api/user/upload?id=${answer.data.id}`, { token: bob.token });
    expect(other.key).toBe('no_data');

    // A new picture replaces the current one.
    const second = await uploadAvatar(alice.token, {
      filename: 'me.png',
      type: 'image/png',
      data: await image('png', 90, 200),
    });
    expect(second.code).toBe(200);
    expect((await getAvatar(alice.token)).headers['x-avatar-id']).toBe(second.data.id);
    expect((await call(t.app, 'GET', '/api/user/index', { token: alice.token })).data.avatar_id).toBe(second.data.id);
    expect((await call(t.app, 'GET', '/api/user/index', { token: bob.token })).data.avatar_id).toBeNull();
  });

  it('refuses what the wallet refuses, storing nothing', async () => {
    const before = await avatarCount();
    const png = await image('png');
    const cases: Array<[{ filename: string; type: string; data: Buffer }, string]> = [
      [{ filename: 'a.txt', type: 'text/plain', data: Buffer.from('hello, not an image') }, 'upload_type_invalid'],
      [{ filename: 'a.jpg', type: 'image/jpeg', data: png }, 'upload_type_invalid'], // name says JPEG, bytes PNG
      [
        { filename: 'a.png', type: 'image/png', data: Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]) },
        'upload_type_invalid',
      ],
      [{ filename: 'a.png', type: 'image/png', data: png.subarray(0, png.length - 20) }, 'upload_type_invalid'],
      [{ filename: 'big.png', type: 'image/png', data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) }, 'upload_too_large'],
    ];
    for (const [file, key] of cases) {
      const answer = await uploadAvatar(bob.token, file);
      expect(answer.key, file.filename).toBe(key);
    }
    const de = await uploadAvatar(bob.token, cases[0]![0], 'de');
    expect(de.msg).not.toBe((await uploadAvatar(bob.token, cases[0]![0])).msg);
    const noFile = await t.app.inject({ method: 'POST', url: '/api/user/uploadavatar', headers: { token: bob.token } });
    expect(noFile.json().key).toBe('upload_required');
    expect(await avatarCount()).toBe(before);
    expect(JSON.parse((await getAvatar(bob.token)).body).key).toBe('no_data');
  });
});
