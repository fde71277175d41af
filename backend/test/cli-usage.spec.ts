import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const cli = join(dirname(fileURLToPath(import.meta.url)), '../dist/cli');

/** Runs a built command against a database that is not there: a usage error must stop it before it connects. */
function run(command: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', LOG_LEVEL: 'silent' };
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [join(cli, `${command}.js`), ...args], { env, timeout: 30_000 }, (_error, stdout, stderr) =>
      resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('the command-line tools on a mistyped command line', () => {
  it('replay refuses a misspelt option instead of rebuilding every projection', async () => {
    const result = await run('replay', '--lsit');
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(/^Unknown option '--lsit'\.\n\nRebuilds read models/);
  });

  it('processors names an unknown command and exits 2', async () => {
    const result = await run('processors', 'frobnicate');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Unknown command "frobnicate"\.\n\n.*\n\nUsage: npm run processors -- list/);
    expect((await run('processors', 'retry')).stderr).toMatch(/^Name the processor to retry\./);
  });

  it('staff:create says which option is missing or misspelt, and exits 2', async () => {
    const missing = await run('staff-create', '--email', 'reviewer@example.com');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^Give --password\./);
    const misspelt = await run('staff-create', '--email', 'reviewer@example.com', '--password', 'at-least-8-chars', '--frist-name', 'Ada');
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toMatch(/^Unknown option '--frist-name'\./);
  });

  it('events:rebase takes no options but --help', async () => {
    expect(await run('events-rebase', '--force')).toMatchObject({ code: 2, stderr: expect.stringMatching(/^Unknown option '--force'\./) });
    expect(await run('events-rebase', '--help')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Re-bases the PostgreSQL event store/) });
  });
});
