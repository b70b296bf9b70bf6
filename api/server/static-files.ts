// The built site's files, served from memory: read once at start-up, sent with an ETag (304 when unchanged).
// Astro's handler (send) stats and streams a file per request, at a quarter of what node:http can do with the
// same bytes; this answers as fast as the bare server. Files it does not hold (too large, or past the memory
// budget) and every other path still go to Astro's handler.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { API_CATALOG_PATH, API_CATALOG_TYPE } from '../http/api-catalog.ts';

const MAX_FILE_BYTES = 1024 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonld': 'application/ld+json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wav': 'audio/wav',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

// Files whose name has no extension to tell their type by.
const NAMED_TYPES: Record<string, string> = { [API_CATALOG_PATH]: API_CATALOG_TYPE };

type StaticFile = { body: Buffer; type: string; etag: string; immutable: boolean };

export type StaticFiles = {
  readonly count: number;
  /** A held file's text (UTF-8), or undefined when it holds none at `pathname`. */
  text(pathname: string): string | undefined;
  /** Answers a GET or HEAD for a file it holds; false when the request is not its to answer. */
  serve(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    headers: Record<string, string>,
  ): boolean;
};

export async function loadStaticFiles(clientDir: string): Promise<StaticFiles> {
  const files = new Map<string, StaticFile>();
  let total = 0;
  const pathOf = (file: string) => `/${relative(clientDir, file).split(sep).join('/')}`;
  const typeOf = (file: string) => TYPES[extname(file)] ?? NAMED_TYPES[pathOf(file)];
  const entries = (await readdir(clientDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => typeOf(file))
    .sort();
  for (const file of entries) {
    const size = (await stat(file)).size;
    if (size > MAX_FILE_BYTES || total + size > MAX_TOTAL_BYTES) continue;
    const body = await readFile(file);
    total += size;
    const path = pathOf(file);
    const entry: StaticFile = {
      body,
      type: typeOf(file)!,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      immutable: path.startsWith('/_astro/'),
    };
    files.set(path, entry);
    if (path.endsWith('/index.html')) files.set(path.slice(0, -'index.html'.length), entry); // /catalog/ → its index
  }
  return {
    count: files.size,
    text: (pathname) => files.get(pathname)?.body.toString('utf8'),
    serve(req, res, pathname, headers) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const file = files.get(pathname);
      if (!file) return false;
      const cacheControl = file.immutable
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=0, must-revalidate';
      const common = {
        'Content-Type': file.type,
        'Cache-Control': cacheControl,
        ETag: file.etag,
        ...headers,
      };
      if (noneMatch(req.headers['if-none-match'], file.etag)) {
        res.writeHead(304, common);
        res.end();
        return true;
      }
      res.writeHead(200, { ...common, 'Content-Length': file.body.length });
      res.end(req.method === 'HEAD' ? undefined : file.body);
      return true;
    },
  };
}

/**
 * Whether If-None-Match names our tag (RFC 9110 §13.1.2): `*`, or a list in which one tag equals ours by weak
 * comparison, as a cache or a compressing proxy may send it back (`W/"…"`).
 */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
