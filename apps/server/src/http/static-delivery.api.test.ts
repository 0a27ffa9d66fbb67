import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

// The built web app as the build leaves it (decision 0011): hashed assets under assets/ with
// Brotli and gzip copies beside them, index.html and its copies, a small file without copies.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'levy-web-'));
const SCRIPT = `export const greeting = ${JSON.stringify('Sannu da zuwa '.repeat(200))};\n`;
const INDEX =
  `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div ` +
  `id="root"></div>${' '.repeat(2000)}</body></html>`;

function writeWithCopies(relative: string, content: string) {
  const file = path.join(webDist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, gzipSync(content));
}

let test: TestApp;

beforeAll(async () => {
  writeWithCopies('assets/index-AbC123.js', SCRIPT);
  writeWithCopies('index.html', INDEX);
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  test = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await test.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  test.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the built web app is sent compressed, as the browser accepts', () => {
  it('sends the Brotli copy to a browser that accepts br, and says the answer varies with Accept-Encoding', async () => {
    const response = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when br is not accepted, and the file itself when nothing is', async () => {
    const gzipped = await get('/assets/index-AbC123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
    expect((await get('/assets/index-AbC123.js')).body).toBe(SCRIPT);
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const response = await get('/favicon.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<svg');
  });

  it('compresses index.html, also when it answers a client route (history fallback)', async () => {
    for (const url of ['/', '/dashboard', '/corporations/123/states']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX);
    }
  });
});

describe('caching', () => {
  it('keeps hashed assets for a year, immutable, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      expect((await get('/assets/index-AbC123.js', encoding)).headers['cache-control'], encoding).toBe(
        'public, max-age=31536000, immutable',
      );
    }
  });

  it('revalidates index.html and files without a hash in their name on every load', async () => {
    for (const url of ['/', '/index.html', '/dashboard', '/favicon.svg']) {
      const response = await get(url, 'br, gzip');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.etag ?? response.headers['last-modified'], url).toBeTruthy();
    }
  });

  it('answers a revalidation of an unchanged index.html with 304 Not Modified', async () => {
    const first = await get('/', 'br');
    const again = await test.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('does not serve the web app under the API address', async () => {
    const response = await get('/service/v1/nothing-here', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('security headers', () => {
  it('sends the content security policy and the other security headers with the web app and with every API answer', async () => {
    const policy =
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src " +
      "'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline'";
    const answers = [
      await get('/', 'br'),
      await get('/assets/index-AbC123.js', 'gzip'),
      await get('/service/v1/nothing-here', 'br'),
      await test.app.inject({ method: 'POST', url: '/service/v1/public/calculator/paye', payload: {} }),
    ];
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toBe(policy);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});
