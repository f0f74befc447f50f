import fs from "node:fs";
import readline from "node:readline";
import { Writable } from "node:stream";
import type { ShopConfig } from "../server/config";
import { openDatabase } from "../server/runtime";
import { migrateToLatest } from "../db/migrate";
import { createAuthService, isAuthError } from "../services/auth/index";
import { InProcessQueue } from "../workers/in-process-queue";
import { ADMIN_PASSWORD_MIN_LENGTH, AUTH_MESSAGES, looksLikeEmail, passwordProblem } from "../domain/auth";

class UsageError extends Error {
  override name = "UsageError";
}

const USAGE = "usage: shop admin create --email EMAIL [--name NAME] [--password-file FILE]\n" +
  "  the password comes from --password-file, else from stdin when it is not a terminal, else a prompt";

function parseFlags(args: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith("--")) throw new UsageError(`unexpected argument "${arg}"\n${USAGE}`);
    const eq = arg.indexOf("=");
    if (eq > 0) flags[arg.slice(2, eq)] = arg.slice(eq + 1);
    else {
      const value = args[i + 1];
      if (value === undefined || value.startsWith("--")) throw new UsageError(`${arg} needs a value\n${USAGE}`);
      flags[arg.slice(2)] = value;
      i++;
    }
  }
  for (const name of Object.keys(flags)) {
    if (!["email", "name", "password-file"].includes(name)) throw new UsageError(`unknown option --${name}\n${USAGE}`);
  }
  return flags;
}

function firstLine(text: string): string {
  return text.replace(/\r?\n[\s\S]*$/, "");
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return firstLine(Buffer.concat(chunks).toString("utf8"));
}

/** Asks without echoing what is typed. */
function prompt(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(flags: Record<string, string>): Promise<string> {
  if (flags["password-file"]) return firstLine(fs.readFileSync(flags["password-file"], "utf8"));
  if (!process.stdin.isTTY) return readStdin();
  const first = await prompt("Password for the admin: ");
  const again = await prompt("Same password again: ");
  if (first !== again) throw new UsageError("the two passwords differ; nothing was changed");
  return first;
}

/** `shop admin create`: the first admin (or another), never from a web page. */
export async function adminCommand(config: ShopConfig, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== "create") throw new UsageError(USAGE);
  const flags = parseFlags(rest);
  if (!flags.email) throw new UsageError(`--email is required\n${USAGE}`);
  const password = await readPassword(flags);
  // The same rules createAdmin applies, checked before opening the database.
  const problem = !looksLikeEmail(flags.email)
    ? AUTH_MESSAGES.invalidEmail
    : password.length < ADMIN_PASSWORD_MIN_LENGTH
      ? AUTH_MESSAGES.adminPasswordTooShort
      : passwordProblem(password);
  if (problem) {
    console.error(`shop admin: ${problem}`);
    return 1;
  }
  const database = await openDatabase(config);
  const queue = new InProcessQueue();
  try {
    await migrateToLatest(database.db);
    const auth = createAuthService({ db: database.db, queue, sessionSecret: config.sessionSecret ?? "" });
    const { user, created } = await auth.createAdmin({ email: flags.email, password, name: flags.name });
    console.log(
      created
        ? `created admin ${user.email}: sign in at /admin/login`
        : `${user.email} is now an admin with the new password (its old sessions and tokens were ended)`,
    );
    return 0;
  } catch (err) {
    if (isAuthError(err)) {
      console.error(`shop admin: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await queue.close();
    await database.close();
  }
}
