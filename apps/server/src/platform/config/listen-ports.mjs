// Plain JavaScript, so that `pnpm start` can check the ports with node alone, before it builds anything.
import net from 'node:net';

/** Where the public and the operator API listen by default (env.ts beside it takes its defaults from here). */
export const LISTEN_DEFAULTS = { HOST: '127.0.0.1', PORT: 8080, ADMIN_HOST: '127.0.0.1', ADMIN_PORT: 8081 };

/** The two addresses the server will listen on, read from the environment as the server reads them. */
export function listenAddresses(env = process.env) {
  const pick = (name) => env[name] || LISTEN_DEFAULTS[name];
  return [
    { name: 'PORT', host: pick('HOST'), port: Number(pick('PORT')) },
    { name: 'ADMIN_PORT', host: pick('ADMIN_HOST'), port: Number(pick('ADMIN_PORT')) },
  ];
}

/**
 * One line for each address that cannot be listened on right now (in use, not allowed, not this machine's), none
 * when all are free. Port 0 (any) and values the configuration check will refuse anyway are not tried.
 */
export async function unavailablePorts(env = process.env) {
  const problems = [];
  for (const { name, host, port } of listenAddresses(env)) {
    if (!Number.isInteger(port) || port <= 0 || port > 65535) continue;
    const code = await tryListen(host, port);
    if (code === 'EADDRINUSE')
      problems.push(
        `${name} ${port} on ${host} is already in use: stop whatever listens there, or set another ${name}`,
      );
    else if (code) problems.push(`${name} ${port} on ${host} cannot be listened on (${code})`);
  }
  return problems;
}

function tryListen(host, port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error) => resolve(error.code ?? 'error'));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(null)));
  });
}
