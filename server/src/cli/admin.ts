import { hostname, userInfo } from 'node:os';
import { closeCodes } from '@cove/contracts';
import { parseArgs } from 'node:util';
import {
  adminCommands,
  AdminCommandError,
  type AdminNotifier,
  defaultReason,
  type AdminRequest,
  isAdminCommand,
  runAdminCommand,
} from '../admin/commands';
import { isJobCommand, jobCommands, type JobRequest, runJobCommand } from '../admin/job-commands';
import { type Bus, createBus } from '../bus';
import { AppError } from '../errors';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { toolDatabase } from '../db/database-source';
import { migrationsFolder } from '../paths';
import { busNotifier } from '../realtime/notices';
import type { RealtimeNotice } from '../routes/admin';
import { readServerFile, type ServerFile } from '../server-file';

const list = (commands: Record<string, string>) =>
  Object.entries(commands)
    .map(([name, what]) => `  ${name.padEnd(14)} ${what}`)
    .join('\n');

const paymentCommands = {
  refund: '<payment id>  refund a card or crypto payment; its credits go back with it',
  chargeback: '<payment id>  (sandbox) open a chargeback as a bank would',
} as const;
const isPaymentCommand = (c: string): c is keyof typeof paymentCommands => Object.hasOwn(paymentCommands, c);

const help = `Usage: npm run admin -- <command> <email> [arguments] [--as <your name>] [--reason <why>]
       npm run admin -- <job command> [arguments] [--as <your name>]

Support actions, run on the database (DATABASE_URL, or the embedded one under DATA_DIR: a running
server's, or started for this command). Open sockets hear of them at once through the server
running on this data folder, or through Redis with REDIS_URL.

Commands on one account:
${list(adminCommands)}

Commands on background jobs:
${list(jobCommands)}

Commands on one payment (through the running server, which talks to the payment provider):
${list(paymentCommands)}

Every action is recorded with who ran it (--as, or your login on this machine) and why (--reason,
or "${defaultReason}").
`;

/** Tells the server running on this data folder, so its open sockets hear of the change at once. */
function serverNotifier(server: ServerFile): AdminNotifier {
  const post = async (body: RealtimeNotice) => {
    const res = await fetch(`http://127.0.0.1:${server.port}/internal/realtime`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-secret': server.adminSecret },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`The running server did not take the notice (${res.status}).`);
  };
  return {
    notify: (userIds) => post({ type: 'notify', userIds }),
    disconnectUser: (userId, reason) => post({ type: 'disconnect', userId, reason }),
  };
}

function busAdminNotifier(bus: Bus): AdminNotifier {
  const notices = busNotifier(bus);
  return {
    notify: notices.notify,
    disconnectUser: (userId, reason) => notices.disconnectUser(userId, reason, closeCodes.banned),
  };
}

async function run(body: AdminRequest | JobRequest): Promise<string> {
  const config = loadConfig();
  const source = await toolDatabase(config);
  const database = openDatabase({ url: source.url, migrationsFolder, poolSize: 2 });
  const server = readServerFile(config.dataDir);
  // Redis reaches every server; without it only a server on this data folder can be told, and with
  // neither, clients see the change when they next connect.
  const bus = createBus(config.redisUrl);
  const notifier = server && !config.redisUrl ? serverNotifier(server) : busAdminNotifier(bus);
  try {
    await database.migrate();
    return 'email' in body || 'userId' in body
      ? await runAdminCommand(database.db, notifier, body)
      : await runJobCommand(database.db, body);
  } finally {
    await bus.close();
    await database.close();
    await source.release();
  }
}

async function runPaymentCommand(
  action: 'refund' | 'chargeback',
  paymentId: string | undefined,
  actor: string,
  reason: string | undefined,
) {
  const server = readServerFile(loadConfig().dataDir);
  if (!paymentId || !server) {
    process.stderr.write(
      paymentId
        ? 'Start the server first: payments go through its payment provider.\n'
        : `A payment id is required.\n\n${help}`,
    );
    return 2;
  }
  const res = await fetch(`http://127.0.0.1:${server.port}/internal/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-secret': server.adminSecret },
    body: JSON.stringify({ action, paymentId, actor, reason }),
  });
  const answer = (await res.json()) as { message: string };
  (res.ok ? process.stdout : process.stderr).write(`${answer.message}\n`);
  return res.ok ? 0 : 1;
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { as: { type: 'string' }, reason: { type: 'string' }, help: { type: 'boolean' } },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(help);
    return values.help ? 0 : 2;
  }
  const actor = values.as ?? `${userInfo().username}@${hostname()}`;
  const [email, ...args] = rest;
  if (isPaymentCommand(command)) return runPaymentCommand(command, rest[0], actor, values.reason);
  let body: AdminRequest | JobRequest;
  if (isJobCommand(command)) body = { actor, command, args: rest };
  else if (isAdminCommand(command) && email) body = { actor, command, email, args, reason: values.reason };
  else {
    process.stderr.write(
      `${isAdminCommand(command) ? 'An email is required.' : `Unknown command "${command}".`}\n\n${help}`,
    );
    return 2;
  }
  try {
    const message = await run(body);
    process.stdout.write(`${message}\n`);
    return 0;
  } catch (err) {
    // A refusal from the shared rules (e.g. approving before the identity check passed) reads like ours.
    const refused = err instanceof AdminCommandError || err instanceof AppError;
    process.stderr.write(`${refused ? err.message : String(err)}\n`);
    return 1;
  }
}

if (require.main === module) void main(process.argv.slice(2)).then((code) => process.exit(code));
