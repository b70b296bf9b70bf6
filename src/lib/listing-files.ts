// The per-listing machine files (/catalog/<id>.md and /catalog/<id>/croissant.json), written straight into the
// build output. As Astro routes they cost a prerender each (two thirds of all routes). Here a worker thread reads,
// validates and renders the listings and writes the files while Astro builds the pages on the main thread, so on
// a machine with two cores this work costs the build little. The worker also reports each listing's `updated:`
// date, for the sitemap's lastmod.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';

export type ToWorker = { root: string };
export type FromWorker =
  | { kind: 'loaded'; updated: [id: string, updated: string][] }
  | { kind: 'written'; count: number }
  | { kind: 'failed'; message: string };

export type ListingFiles = {
  integration: AstroIntegration;
  /** A listing's `updated:` date, once the build is done (for the sitemap's lastmod). */
  updatedOf(id: string): string | undefined;
  /** The newest `updated:` date of any listing (lastmod for the pages that list them). */
  latestUpdate(): string | undefined;
};

export function listingFiles(listingsDir: string, site: URL): ListingFiles {
  const updated = new Map<string, string>();
  let latest: string | undefined;
  let worker: Worker | undefined;
  let written: Promise<number> | undefined;
  let outputDir: string | undefined;

  const start = () => {
    const thread = new Worker(new URL('./listing-files-worker.ts', import.meta.url), {
      workerData: { listingsDir, site: site.href },
    });
    thread.unref(); // a failed build must not wait for it; the done hook holds it until it has written
    written = new Promise((resolve, reject) => {
      thread.on('message', (message: FromWorker) => {
        if (message.kind === 'loaded') {
          for (const [id, date] of message.updated) updated.set(id, date);
          latest = [...updated.values()].sort().at(-1);
        } else if (message.kind === 'written') resolve(message.count);
        else reject(new Error(message.message));
      });
      thread.once('error', reject);
      thread.once('exit', () => reject(new Error('the listing-files worker stopped before writing')));
    });
    written.catch(() => {}); // reported by the done hook, or first by Astro's own content errors
    worker = thread;
  };

  return {
    updatedOf: (id) => updated.get(id),
    latestUpdate: () => latest,
    integration: {
      name: 'dss:listing-files',
      hooks: {
        'astro:config:setup': ({ command }) => {
          if (command === 'build') start();
        },
        'astro:config:done': ({ config, buildOutput }) => {
          // Where the prerendered pages go: beside the server bundle when there is an adapter.
          outputDir = fileURLToPath(buildOutput === 'server' ? config.build.client : config.outDir);
        },
        // Astro empties the output folder before this hook and never after it, so files written from here on
        // stay; the build-output tests fail if a future Astro changes that.
        'astro:build:setup': () => {
          if (worker && outputDir) worker.postMessage({ root: outputDir } satisfies ToWorker);
        },
        'astro:build:done': async ({ dir, logger }) => {
          if (!worker || !written) return;
          if (fileURLToPath(dir) !== outputDir) {
            throw new Error(
              `listing files went to ${outputDir}, but the build output is ${fileURLToPath(dir)}`,
            );
          }
          worker.ref();
          const count = await written;
          logger.info(`wrote Markdown and Croissant for ${count} listings`);
        },
      },
    },
  };
}
