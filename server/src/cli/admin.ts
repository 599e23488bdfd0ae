import { hostname, userInfo } from 'node:os';
import { closeCodes } from '@cove/contracts';
import { parseArgs } from 'node:util';
import { adminCommands, AdminCommandError, isAdminCommand, runAdminCommand } from '../admin/commands';
import { createBus } from '../bus';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrationsFolder } from '../paths';
import { busNotifier } from '../realtime/notices';
import { readServerFile } from '../server-file';

const help = `Usage: npm run admin -- <command> <email> [arguments] [--as <your name>]

Support actions on one account. While Cove runs on this data folder the action goes through the
running server (so open sockets hear of it at once); otherwise it works on the database directly.

Commands:
${Object.entries(adminCommands)
  .map(([name, what]) => `  ${name.padEnd(14)} ${what}`)
  .join('\n')}

Every action is recorded with who ran it (--as, or your login on this machine).
`;

async function viaServer(port: number, secret: string, body: object): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/internal/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-secret': secret },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { message: string };
  if (!res.ok) throw new AdminCommandError(answer.message);
  return answer.message;
}

async function direct(body: Parameters<typeof runAdminCommand>[2]): Promise<string> {
  const config = loadConfig();
  const database = openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    migrationsFolder,
  });
  // With REDIS_URL, servers elsewhere hear of the change through the bus; without it, clients see it on reconnect.
  const bus = createBus(config.redisUrl);
  try {
    await database.migrate();
    const notices = busNotifier(bus);
    return await runAdminCommand(
      database.db,
      {
        notify: notices.notify,
        disconnectUser: (userId, reason) => notices.disconnectUser(userId, reason, closeCodes.banned),
      },
      body,
    );
  } finally {
    await bus.close();
    await database.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { as: { type: 'string' }, help: { type: 'boolean' } },
  });
  const [command, email, ...args] = positionals;
  if (values.help || !command) {
    process.stdout.write(help);
    return values.help ? 0 : 2;
  }
  if (!isAdminCommand(command) || !email) {
    process.stderr.write(
      `${isAdminCommand(command) ? 'An email is required.' : `Unknown command "${command}".`}\n\n${help}`,
    );
    return 2;
  }
  const actor = values.as ?? `${userInfo().username}@${hostname()}`;
  const body = { actor, command, email, args };
  const server = readServerFile(loadConfig().dataDir);
  try {
    const message = server ? await viaServer(server.port, server.adminSecret, body) : await direct(body);
    process.stdout.write(`${message}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`${err instanceof AdminCommandError ? err.message : String(err)}\n`);
    return 1;
  }
}

if (require.main === module) void main(process.argv.slice(2)).then((code) => process.exit(code));
