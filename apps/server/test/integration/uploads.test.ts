import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { call, createTestApp, operatorHeaders, registerUser, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let alice: { token: string };
let bob: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app, t.database);
  bob = await registerUser(t.app, t.database);
});
afterAll(async () => t?.close());

/** A multipart body the way a browser sends one file. */
function multipart(parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>) {
  const boundary = '----wallettest' + Math.random().toString(16).slice(2);
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

async function upload(token: string, file: { filename: string; type: string; data: Buffer }, lang = 'en') {
  const body = multipart([{ name: 'file', ...file }]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/uploadfile',
    headers: { token, lang, 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: response.statusCode, ...response.json() };
}

const image = (format: 'png' | 'jpeg' | 'webp', width = 40, height = 30) => {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return base.toFormat(format).toBuffer();
};
const storedCount = async () =>
  Number((await t.database.db.execute(sql`select count(*)::int as n from uploads`)).rows[0]!.n);

describe('/api/user/uploadfile', () => {
  it('stores a re-encoded JPEG, PNG or WebP under a server-made id, without its metadata', async () => {
    const withExif = await sharp(await image('jpeg'))
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .jpeg()
      .toBuffer();
    expect(withExif.toString('latin1')).toContain('secret-gps-owner');
    const answer = await upload(alice.token, { filename: 'proof.jpg', type: 'image/jpeg', data: withExif });
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ mime: 'image/jpeg', width: 40, height: 30 });
    expect(answer.data.id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/user/upload?id=${answer.data.id}`,
      headers: { token: alice.token },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.toString('latin1')).not.toContain('secret-gps-owner');
    for (const format of ['png', 'webp'] as const) {
      const a = await upload(alice.token, {
        filename: `p.${format}`,
        type: `image/${format}`,
        data: await image(format),
      });
      expect(a.code).toBe(200);
      expect(a.data.mime).toBe(`image/${format}`);
    }
  });

  it.each([
    [
      'an oversized file',
      async () => ({
        filename: 'big.png',
        type: 'image/png',
        data: Buffer.concat([await image('png'), Buffer.alloc(5 * 1024 * 1024 + 10)]),
      }),
      'upload_too_large',
      413,
    ],
    [
      'wrong magic bytes',
      async () => ({ filename: 'x.jpg', type: 'image/jpeg', data: Buffer.from('GIF89a not really an image at all') }),
      'upload_type_invalid',
      415,
    ],
    [
      'a PNG named .jpg',
      async () => ({ filename: 'proof.jpg', type: 'image/jpeg', data: await image('png') }),
      'upload_type_invalid',
      415,
    ],
    [
      'a PNG declared as JPEG',
      async () => ({ filename: 'proof', type: 'image/jpeg', data: await image('png') }),
      'upload_type_invalid',
      415,
    ],
    [
      'a polyglot (JPEG with HTML appended)',
      async () => ({
        filename: 'p.jpg',
        type: 'image/jpeg',
        data: Buffer.concat([await image('jpeg'), Buffer.from('<html><script>alert(1)</script></html>')]),
      }),
      'upload_type_invalid',
      415,
    ],
    [
      'a polyglot (markup inside a PNG chunk)',
      async () => ({
        filename: 'p.png',
        type: 'image/png',
        data: await sharp(await image('png'))
          .withMetadata()
          .png()
          .toBuffer()
          .then((b) =>
            Buffer.concat([b.subarray(0, 33), pngChunk('tEXt', 'Comment\0<script>alert(1)</script>'), b.subarray(33)]),
          ),
      }),
      'upload_type_invalid',
      415,
    ],
    [
      'a truncated image',
      async () => ({ filename: 'p.png', type: 'image/png', data: (await image('png')).subarray(0, 60) }),
      'upload_type_invalid',
      415,
    ],
    [
      'an SVG',
      async () => ({
        filename: 'p.svg',
        type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
      }),
      'upload_type_invalid',
      415,
    ],
  ])('refuses %s and stores nothing', async (_name, make, key, code) => {
    const before = await storedCount();
    const answer = await upload(alice.token, await make());
    expect(answer.key).toBe(key);
    expect(answer.code).toBe(code);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a decompression bomb (more pixels than allowed) and stores nothing', async () => {
    const before = await storedCount();
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const answer = await upload(alice.token, { filename: 'bomb.png', type: 'image/png', data: bomb });
    expect(answer.key).toBe('upload_type_invalid');
    expect(await storedCount()).toBe(before);
  });

  it('says in the request language what was wrong', async () => {
    const answer = await upload(
      alice.token,
      { filename: 'x.jpg', type: 'image/jpeg', data: Buffer.from('nope') },
      'de',
    );
    expect(answer.msg).toBe('Nur JPEG-, PNG- oder WebP-Bilder werden akzeptiert');
  });

  it('refuses a request without a file, a second file, and a logged-out caller', async () => {
    const none = multipart([{ name: 'note', data: 'hello' }]);
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/user/uploadfile',
      headers: { token: alice.token, 'content-type': none.contentType },
      payload: none.payload,
    });
    expect(r1.json().key).toBe('upload_required');
    const form = await call(t.app, 'POST', '/api/user/uploadfile', { token: alice.token, body: { file: 'x' } });
    expect(form.key).toBe('upload_required');
    const png = await image('png');
    const two = multipart([
      { name: 'file', filename: 'a.png', type: 'image/png', data: png },
      { name: 'file', filename: 'b.png', type: 'image/png', data: png },
    ]);
    const before = await storedCount();
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/user/uploadfile',
      headers: { token: alice.token, 'content-type': two.contentType },
      payload: two.payload,
    });
    // The first file is read and stored; the second is beyond the limit of one file and ignored.
    expect([200, 400]).toContain(r2.statusCode);
    expect(await storedCount()).toBeLessThanOrEqual(before + 1);
    const anonymous = await upload('', { filename: 'a.png', type: 'image/png', data: png });
    expect(anonymous.code).toBe(401);
  });

  it('serves a file only to its owner and to operators', async () => {
    const mine = await upload(alice.token, { filename: 'a.png', type: 'image/png', data: await image('png') });
    const other = await call(t.app, 'GET', `/api/user/upload?id=${mine.data.id}`, { token: bob.token });
    expect(other.key).toBe('no_data');
    expect(other.data).toBeNull();
    const operator = await t.admin.inject({
      method: 'GET',
      url: `/admin/uploads/${mine.data.id}`,
      headers: operatorHeaders('fay'),
    });
    expect(operator.statusCode).toBe(200);
    expect(operator.headers['content-type']).toBe('image/png');
    const anonymous = await t.admin.inject({ method: 'GET', url: `/admin/uploads/${mine.data.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses someone else's file as a recharge screenshot, and stores no record", async () => {
    const mine = await upload(alice.token, { filename: 'a.png', type: 'image/png', data: await image('png') });
    const channels = (await call(t.app, 'GET', '/api/user/recharge', { token: bob.token })).data.channels;
    const before = Number((await t.database.db.execute(sql`select count(*)::int as n from deposits`)).rows[0]!.n);
    const answer = await call(t.app, 'POST', '/api/user/dorecharge', {
      token: bob.token,
      body: {
        channel_id: String(channels[0].id),
        amount: '200',
        payer_name: 'Bob',
        transfer_note: '',
        upload_id: mine.data.id,
        key: 'steal-file-0001',
      },
    });
    expect(answer.key).toBe('no_data');
    expect(Number((await t.database.db.execute(sql`select count(*)::int as n from deposits`)).rows[0]!.n)).toBe(before);
  });
});

/** A PNG chunk with its CRC, to hide text inside an otherwise valid PNG. */
function pngChunk(type: string, text: string): Buffer {
  const data = Buffer.from(text, 'latin1');
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
