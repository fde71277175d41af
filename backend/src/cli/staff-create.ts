import { StaffAccounts } from '../identity/index.js';
import { parseArgs, withAppContext } from './app-context.js';

const HELP = `Creates a staff (back-office) account. Staff accounts cannot be self-registered.

Usage: npm run staff:create -- --email reviewer@example.com --password 'at-least-8-chars' [--first-name Ada --last-name Lovelace]`;

async function main(): Promise<void> {
  const { flags } = parseArgs(process.argv.slice(2));
  const { email, password } = flags;
  if (flags.help || !email || !password) {
    console.log(HELP);
    process.exitCode = flags.help ? 0 : 2;
    return;
  }
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
