import Fastify from 'fastify';

/** The yardstick of bench:reads: a bare Fastify answering a constant, in a process of its own. */
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('listening');
