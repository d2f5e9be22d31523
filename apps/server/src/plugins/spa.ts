import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/oidc', '/healthz', '/readyz', '/uploads/', '/emulators/'];
/** Where the customer storefront is served (STOREFRONT_URL's default path). */
export const STOREFRONT_PREFIX = '/store/';
/** Hashed build output (`/assets/name-[hash].ext`): a new release writes new names. */
const ASSETS = 'assets/';
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

/**
 * An API's JSON is never shown as a page: it goes without the headers only a document obeys
 * (HSTS stays: it is the host's), and with the short policy OWASP's REST cheat sheet gives.
 */
export const API_DROPPED_HEADERS = DOCUMENT_ONLY_HEADERS.filter(
  (header) => header !== 'strict-transport-security',
);
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** Answers that change only when the server restarts (sign-in configuration, discovery). */
export const UNTIL_RESTART_CACHE = 'public, max-age=300';

/** Served files that have a `.br` or `.gz` sibling written by the build. */
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

const builtRoot = (dir: string | undefined) => {
  const root = dir ? path.resolve(dir) : undefined;
  return root && fs.existsSync(path.join(root, 'index.html')) ? root : undefined;
};

/** One built SPA's files under a prefix: hashed assets for a year, the rest revalidated. */
async function serveBuild(app: FastifyInstance, root: string, prefix: string, decorate: boolean) {
  const compressed = precompressedFiles(root);
  const assetsDir = path.join(root, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root,
    prefix,
    wildcard: false,
    index: false,
    decorateReply: decorate,
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

/**
 * Serves the built admin SPA at / and the customer storefront at /store/; unknown non-API GETs
 * get the index.html of the app they fall under so client routes work on reload. Hashed assets
 * are cached for a year, index.html is revalidated on every visit, and the builds' `.br`/`.gz`
 * files go to clients that accept them. Source maps are never served.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { root: string | undefined; storefront?: string }) => {
    const admin = builtRoot(opts.root);
    const store = builtRoot(opts.storefront);
    if (admin) await serveBuild(app, admin, '/', true);
    if (store) await serveBuild(app, store, STOREFRONT_PREFIX, !admin);
    if (store) app.get('/store', (_request, reply) => reply.redirect(STOREFRONT_PREFIX, 301));

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0]!;
      const isApi = API_PREFIXES.some((p) => url.startsWith(p));
      const inStore = url.startsWith(STOREFRONT_PREFIX);
      const rest = inStore ? url.slice(STOREFRONT_PREFIX.length) : url.slice(1);
      // A missing hashed file or a source map is a 404, never the HTML of the app.
      const isFile = rest.startsWith(ASSETS) || url.endsWith('.map');
      const root = inStore ? store : admin;
      if (root && request.method === 'GET' && !isApi && !isFile) {
        return reply
          .type('text/html')
          .header('cache-control', 'no-cache')
          .sendFile('index.html', root);
      }
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: 'Route not found', requestId: request.id } });
    });
  },
);
