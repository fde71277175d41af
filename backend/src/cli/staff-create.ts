import { StaffAccounts } from '../identity/index.js';
import { withAppContext } from './app-context.js';
import { exitWithUsage, readArgs } from './args.js';

const HELP = `Creates a staff (back-office) account. Staff accounts cannot be self-registered.

Usage: npm run staff:create -- --email reviewer@example.com --password 'at-least-8-chars' [--first-name Ada --last-name Lovelace]`;

async function main(): Promise<void> {
  const text = { type: 'string' } as const;
  const { values: flags, positionals } = readArgs(HELP, { email: text, password: text, 'first-name': text, 'last-name': text });
  if (flags.help) return void console.log(HELP);
  const { email, password } = flags;
  if (!email || !password) return exitWithUsage(HELP, `Give ${[!email && '--email', !password && '--password'].filter(Boolean).join(' and ')}.`);
  if (positionals.length > 0) return exitWithUsage(HELP, `Unexpected argument "${positionals[0]}".`);
  await withAppContext(async (app) => {
    await app.init();
    const created = await app.get(StaffAccounts).ensure(email, password, flags['first-name'], flags['last-name']);
    console.log(created ? `Created staff account ${email}` : `An account with ${email} already exists; nothing changed.`);
  });
}

main().catch((error: unknown) => {
  const issues = (error as { issues?: { message: string }[] }).issues;
  console.error(`Could not create the staff account: ${issues ? issues.map((i) => i.message).join('; ') : (error as Error).message}`);
  process.exit(1);
});
