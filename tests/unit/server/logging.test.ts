/**
 * The request logger is made only when a line is written (server/http/logging.ts, lazyChildLoggerFactory): the lines
 * it writes must be the lines pino's own child writes (request id, redaction, the route's level), and a level that
 * is off writes nothing.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { lazyChildLoggerFactory, loggerOptions } from '../../../server/http/logging.ts';

class Lines extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
  get all(): Array<Record<string, unknown>> {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

async function appAt(level: string, lines: Lines) {
  const app = Fastify({ logger: loggerOptions(level, lines), childLoggerFactory: lazyChildLoggerFactory });
  app.get('/talk', async (request) => {
    request.log.debug('debug line');
    request.log.info('info line');
    request.log.warn({ card: { token: 'tok_secret' } }, 'warn line');
    return { ok: true };
  });
  app.get('/chatty', { logLevel: 'debug' }, async (request) => {
    request.log.debug('debug on this route');
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe('request logger', () => {
  it('writes only the lines its level allows, with the request id and secrets redacted', async () => {
    const lines = new Lines();
    const app = await appAt('warn', lines);
    await app.inject('/talk');
    await app.close();
    const written = lines.all;
    expect(written.map((line) => line.msg)).toEqual(['warn line']);
    expect(written[0]).toMatchObject({ level: 40, reqId: expect.any(String), card: { token: '[REDACTED]' } });
    expect(lines.text).not.toContain('tok_secret');
  });

  it('writes the request lines at info with the same request id as the handler lines, and honours a route level', async () => {
    const lines = new Lines();
    const app = await appAt('info', lines);
    await app.inject('/talk');
    await app.inject('/chatty');
    await app.close();
    const talk = lines.all.filter((line) => line.reqId === lines.all[0]!.reqId).map((line) => line.msg);
    expect(talk).toEqual(['incoming request', 'info line', 'warn line', 'request completed']);
    expect(lines.all.find((line) => line.msg === 'incoming request')).toMatchObject({
      req: { method: 'GET', url: '/talk' },
    });
    expect(lines.all.map((line) => line.msg)).toContain('debug on this route');
    expect(lines.all.map((line) => line.msg)).not.toContain('debug line');
  });
});
