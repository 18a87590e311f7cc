import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lowerCpuPriority, postmasterPid } from './cpu-priority.mjs';
import { repoRoot } from './web-paths.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server on a fresh data dir serving `webDir`, for measurements and smoke tests (`jobs`: run the
 * price feed), with one admin operator made through the real flow (`operatorToken`: that admin's API token).
 * `background`: the server and its database run at the harness's low CPU priority (cpu-priority.mjs), for
 * measurements of a browser that a phone would not share with them.
 */
export async function startLocalServer(webDir, { jobs = false, background = false } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  const [port, adminPort] = [await freePort(), await freePort()];
  const sharedToken = `bench-${Date.now()}-0123456789abcdefghij`;
  const child = spawn('pnpm', ['--silent', '--filter', '@app/server', 'start'], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      ADMIN_TOKEN: sharedToken,
      WEB_DIR: webDir,
      // With jobs the price feed records live seconds (the trade page shows real prices); without, none.
      JOBS: jobs ? '1' : '0',
      BACKFILL_DAYS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const api = `http://127.0.0.1:${port}`;
  let healthy = false;
  for (let i = 0; i < 360 && !healthy; i++) {
    await new Promise((r) => setTimeout(r, 500));
    healthy = await fetch(`${api}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (child.exitCode !== null) throw new Error('the server exited during start');
  }
  if (!healthy) throw new Error('the server did not become healthy');
  if (background) {
    lowerCpuPriority(/** @type {number} */ (child.pid));
    // The server started its PostgreSQL in a session of its own.
    lowerCpuPriority(postmasterPid(path.join(dataDir, 'pg')));
  }
  const stop = async () => {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
    } catch {
      // already gone
    }
    // The server stops its embedded PostgreSQL itself (in a process group of its own, out of reach of the kill
    // below): wait for it, usually well under a second.
    if (child.exitCode === null && child.signalCode === null)
      await /** @type {Promise<void>} */ (
        new Promise((r) => {
          const timer = setTimeout(r, 20_000);
          child.once('exit', () => {
            clearTimeout(timer);
            r();
          });
        })
      );
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
    } catch {
      // stopped cleanly
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const admin = `http://127.0.0.1:${adminPort}`;
  let operatorToken;
  try {
    operatorToken = await bootstrapAdmin(admin, sharedToken);
  } catch (error) {
    await stop();
    throw error;
  }
  // The server serves the built web itself under /h5/.
  return { base: api, api, admin, operatorToken, stop };
}

/** RFC 6238 code of a base32 secret, as an authenticator app shows it: SHA-1, six digits, thirty seconds. */
function totpCode(secret, now = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const key = [];
  let bits = 0;
  let count = 0;
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    bits = ((bits << 5) | alphabet.indexOf(char)) & 0xfff;
    count += 5;
    if (count >= 8) {
      count -= 8;
      key.push((bits >>> count) & 0xff);
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const mac = createHmac('sha1', Buffer.from(key)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function adminPost(admin, route, body, headers = {}) {
  const response = await fetch(`${admin}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.code !== 200) throw new Error(`${route} answered ${answer.key}`);
  return { data: answer.data, response };
}

/**
 * The first admin of a fresh server, made the way a person makes it: the shared token bootstraps it, it signs in
 * and enrols an authenticator (the code computed from the secret the enrolment shows), and makes an API token.
 * Answers that token.
 */
async function bootstrapAdmin(admin, sharedToken) {
  const name = 'bench';
  const password = randomBytes(18).toString('base64url');
  await adminPost(admin, '/admin/operators/bootstrap', { name, password }, { authorization: `Bearer ${sharedToken}` });
  const login = await adminPost(admin, '/admin/session/login', { name, password });
  if (login.data.state !== 'enrol') throw new Error(`the first admin: expected an enrolment, got ${login.data.state}`);
  const { ticket, secret } = login.data.enrolment;
  const enrolled = await adminPost(admin, '/admin/session/enrol', { ticket, code: totpCode(secret) });
  const cookie = enrolled.response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const made = await adminPost(
    admin,
    '/admin/tokens',
    { label: 'local server', role: 'admin', reason: 'measurements and smoke tests' },
    { cookie, 'x-csrf-token': enrolled.data.csrf_token },
  );
  return made.data.token;
}

async function post(api, route, body) {
  const response = await fetch(`${api}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  return response.json();
}

/** A session token for a fresh user, registered through the API with the SMS code from the outbox. */
export async function registerUser({ api, admin, operatorToken }) {
  const phone = `138${String(Date.now()).slice(-8)}`;
  await post(api, '/api/login/sendcode', { phone, purpose: 'register' });
  const outbox = await fetch(`${admin}/admin/sms-outbox?recipient=${phone}`, {
    headers: { authorization: `Bearer ${operatorToken}` },
  }).then((r) => r.json());
  const code = outbox.data.items.map((i) => i.body.match(/\b(\d{6})\b/)?.[1]).find(Boolean);
  const reg = await post(api, '/api/login/reg', {
    account: `bench${Date.now().toString(36)}`,
    phone,
    password: 'secret123',
    password_confirm: 'secret123',
    code,
    invite_code: 'WELCOME',
    agree: '1',
  });
  if (reg.code !== 200) throw new Error(`registration failed: ${reg.key}`);
  return reg.data.token;
}
