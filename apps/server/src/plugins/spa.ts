import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/oidc', '/healthz', '/readyz', '/uploads/'];
/** Hashed build output (`/assets/name-[hash].ext`): a new release writes new names. */
const ASSETS_PREFIX = '/assets/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRECOMPRESSED = ['.br', '.gz'];
/**
 * Helmet's headers that only a document obeys (its CSP, framing, HSTS, ...): a hashed script,
 * style or font goes without them, some 650 bytes less on each of the twenty-odd files of a
 * first visit. nosniff and the resource policy apply to such files too and stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Served files that have a `.br` or `.gz` sibling written by the admin build. */
function precompressedFiles(root: string): Set<string> {
  const found = new Set<string>();
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    const ext = path.extname(entry.name);
    if (entry.isFile() && PRECOMPRESSED.includes(ext)) {
      found.add(path.join(entry.parentPath, entry.name.slice(0, -ext.length)));
    }
  }
  return found;
}

/**
 * Serves the built admin SPA; unknown non-API GETs get index.html so client routes work on
 * reload. Hashed assets are cached for a year, index.html is revalidated on every visit, and
 * the build's `.br`/`.gz` files go to clients that accept them. Source maps are never served.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { root: string | undefined }) => {
  const root = opts.root ? path.resolve(opts.root) : undefined;
  const index = root ? path.join(root, 'index.html') : undefined;
  const hasSpa = index !== undefined && fs.existsSync(index);
  if (hasSpa && root) {
    const compressed = precompressedFiles(root);
    const assetsDir = path.join(root, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      // No routes of their own: the compressed copies are picked by Accept-Encoding.
      globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
      preCompressed: true,
      // Ours below; @fastify/send's own header (max-age=0) would overwrite it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const ext = path.extname(filePath);
        const served = PRECOMPRESSED.includes(ext) ? filePath.slice(0, -ext.length) : filePath;
        const hashed = served.startsWith(assetsDir);
        res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
        // @fastify/static passes reply.raw; its type names only part of the ServerResponse.
        const raw = res as unknown as ServerResponse;
        if (hashed) for (const name of DOCUMENT_ONLY_HEADERS) raw.removeHeader(name);
        if (compressed.has(served)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = API_PREFIXES.some((p) => url.startsWith(p));
    // A missing hashed file or a source map is a 404, never the HTML of the app.
    const isFile = url.startsWith(ASSETS_PREFIX) || url.endsWith('.map');
    if (hasSpa && request.method === 'GET' && !isApi && !isFile) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: { code: 'not_found', message: 'Route not found', requestId: request.id } });
  });
});
