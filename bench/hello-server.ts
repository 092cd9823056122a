/**
 * The baseline server: bare Fastify with one JSON route, nothing else (no plugins, no database). Prints
 * its address on stdout once listening; stops on SIGTERM.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(address);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
