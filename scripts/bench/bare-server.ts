/**
 * The benchmark's baseline: a bare Fastify route answering a small JSON object, in its own process like the API
 * (`GET /bare`). The API's throughput is compared with it in the same run.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, id: 'urn:app:aaaa-bbbb-cccc-dddd-eeee' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
