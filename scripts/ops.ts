// The operator CLI (contract §6): `npm run --silent ops -- <noun> <verb> [args] [--json]`.
// Exit 0 on success, 1 on a refused action (one line on stderr), 2 on bad usage. It works on the same store as a
// running server (see api/store/): nothing either writes is lost, and the server sees changes at once.
import { parseArgs } from 'node:util';
import { loadConfig } from '../api/config.ts';
import { closest } from '../api/domain/closest.ts';
import { DomainError } from '../api/errors.ts';
import { operator, type ActionContext } from '../api/actions/context.ts';
import { createCatalog } from '../api/domain/listings/catalog.ts';
import { silentLog } from '../api/http/log.ts';
import { openRuntime, type Runtime } from '../api/runtime.ts';
import { deliveryForCli, siteUrlForCli } from '../api/server-records.ts';
import { openStore } from '../api/store/open-store.ts';
import { refusal } from './ops/refusal.ts';
import { type Command, type Values, UsageError } from './ops/command.ts';
import { LAB_COMMANDS } from './ops/lab-commands.ts';
import { WORK_COMMANDS } from './ops/work-commands.ts';
import { THREAD_COMMANDS } from './ops/thread-commands.ts';
import { RECALL_COMMANDS } from './ops/recall-commands.ts';
import { SERVICE_COMMANDS } from './ops/service-commands.ts';
import { STAFF_COMMANDS } from './ops/staff-commands.ts';
import { humanize, table, visible } from './ops/output.ts';

const NO_LISTINGS = createCatalog([]);
const COMMANDS: Record<string, Command> = {
  ...LAB_COMMANDS,
  ...WORK_COMMANDS,
  ...THREAD_COMMANDS,
  ...SERVICE_COMMANDS,
  ...STAFF_COMMANDS,
  ...RECALL_COMMANDS,
};

function usage(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  return [
    'Usage: npm run --silent ops -- <noun> <verb> [args] [--json]',
    '',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
    'Every command takes --json (exactly one JSON value on stdout: every field) and --help; a listing prints a',
    'table of its main columns without --json.',
  ].join('\n');
}

/**
 * Bad usage of the command words, said first (contract §6: "says which"), then a noun's own verbs or where the
 * list is: the whole list before hid the mistake under thirty lines.
 */
function unknownCommand([noun = '', verb]: string[]): string {
  const ofNoun = Object.values(COMMANDS).filter((c) => c.usage.startsWith(`${noun} `));
  const verbs = ofNoun.map((c) => `  ops ${c.usage}`);
  if (verb === undefined && ofNoun.length > 0)
    return [
      `ops ${noun} needs one of: ${ofNoun.map((c) => c.usage.split(' ')[1]).join(', ')}`,
      ...verbs,
    ].join('\n');
  const given = [noun, verb].filter(Boolean).join(' ');
  if (!given) return 'No command given: npm run --silent ops -- --help lists every command.';
  const near = closest(given, Object.keys(COMMANDS));
  return [
    `Unknown command "${given}"${near ? `; did you mean "${near}"?` : ''}`,
    ...(verbs.length > 0 ? verbs : ['npm run --silent ops -- --help lists every command.']),
  ].join('\n');
}

/** Where a run reads its environment and writes: the process's own, or a test's that runs the CLI in process. */
export type CliIo = Pick<NodeJS.Process, 'env'> & {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
};

export async function main(argv: string[], io: CliIo = process): Promise<number> {
  const [noun, verb, ...rest] = argv;
  const command = noun && verb ? COMMANDS[`${noun} ${verb}`] : undefined;
  if (!command) {
    const help = argv.length === 0 || argv.includes('--help') || argv.includes('-h');
    if (help) io.stdout.write(`${usage()}\n`);
    else io.stderr.write(`${unknownCommand(argv.filter((word) => !word.startsWith('-')))}\n`);
    return help ? 0 : 2;
  }
  let values: Values;
  let args: string[];
  try {
    ({ values, positionals: args } = parseArgs({
      args: rest,
      options: { ...command.options, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }));
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\nUsage: ops ${command.usage}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(`Usage: ops ${command.usage}\n\n${command.summary}\n`);
    return 0;
  }
  if (args.length !== (command.args?.length ?? 0)) {
    io.stderr.write(`Expected ${command.args?.join(' ') || 'no arguments'}.\nUsage: ops ${command.usage}\n`);
    return 2;
  }
  const loaded = loadConfig(io.env);
  const links = await siteUrlForCli(loaded, io.env);
  const config = { ...loaded, siteUrl: links.siteUrl };
  const store = await openStore(config);
  io.stderr.write(`store: ${store.location}\n`);
  if (links.note) io.stderr.write(`${links.note}\n`);
  const delivery = await deliveryForCli(config);
  let built: Promise<Runtime> | undefined;
  const runtime = () => (built ??= openRuntime(config, silentLog, store));
  const deliver = async () => {
    if (delivery.send) return (await runtime()).background.run();
    io.stderr.write(`${delivery.note}\n`);
  };
  const now = new Date();
  // The operator acts on the store alone, as most commands need; the catalogue (the listing files, read and indexed)
  // only for those that name listings. Mail and webhooks go out through deliver, not a background pass.
  const acting = async ({ catalog = false } = {}): Promise<ActionContext> => ({
    config,
    store,
    catalog: catalog ? (await runtime()).catalog : NO_LISTINGS,
    actor: operator,
    now,
  });
  try {
    const result = await command.run({ store, config, now, values, args, runtime, acting, deliver });
    if (built) await (await built).close();
    else await store.close();
    const text = values.json
      ? JSON.stringify(result, null, 2)
      : command.human
        ? command.human(result as never)
        : command.columns && Array.isArray(result)
          ? table(result, command.columns)
          : humanize(result);
    io.stdout.write(`${visible(text)}\n`);
    return 0;
  } catch (error) {
    await store.close();
    if (error instanceof UsageError) {
      io.stderr.write(`${visible(error.message)}\nUsage: ops ${command.usage}\n`);
      return 2;
    }
    if (error instanceof DomainError) {
      io.stderr.write(`${visible(refusal(error))}\n`);
      return 1;
    }
    throw error;
  }
}

if (import.meta.main) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    // Configuration and store problems are one line for the operator, not a stack trace.
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
