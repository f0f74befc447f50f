import fs from "node:fs";
import readline from "node:readline";
import { Writable } from "node:stream";
import type { ShopConfig } from "../server/config";
import { openDatabase } from "../server/runtime";
import { migrateToLatest } from "../db/migrate";
import { createAuthService, isAdminRuleError, isAuthError, temporaryPassword } from "../services/auth/index";
import { InProcessQueue } from "../workers/in-process-queue";
import { codeOutbox } from "../workers/code-outbox";
import { command } from "./args";

const FROM_THE_ENVIRONMENT = ["Settings come from the environment (DATABASE_URL, ...): see README.md."];
import { ADMIN_PASSWORD_MIN_LENGTH, AUTH_MESSAGES, looksLikeEmail, passwordProblem } from "../domain/auth";

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

/** The password, or undefined when the two typed at the prompt differ. */
async function readPassword(passwordFile: string | undefined): Promise<string | undefined> {
  if (passwordFile) return firstLine(fs.readFileSync(passwordFile, "utf8"));
  if (!process.stdin.isTTY) return readStdin();
  const first = await prompt("Password for the admin: ");
  const again = await prompt("Same password again: ");
  return first === again ? first : undefined;
}

/** `shop admin create`: the first admin (or another), never from a web page. */
export const adminCreateCommand = command(
  {
    name: "admin create",
    summary: "create an admin, or give an existing user the admin role and a new password",
    options: {
      email: { type: "string", value: "EMAIL", description: "the admin's email address", required: true },
      name: { type: "string", value: "NAME", description: "the name shown in the admin pages" },
      "password-file": { type: "string", value: "FILE", description: "read the password from the first line of FILE" },
    },
    details: ["The password comes from --password-file, else from stdin when it is not a terminal, else a prompt."],
  },
  (config, { options }) => createAdmin(config, options),
);

async function createAdmin(
  config: ShopConfig,
  flags: { email: string; name: string | undefined; "password-file": string | undefined },
): Promise<number> {
  const password = await readPassword(flags["password-file"]);
  if (password === undefined) {
    console.error("shop admin: the two passwords differ; nothing was changed");
    return 1;
  }
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
    const auth = createAuthService({ db: database.db, queue, codeOutbox, sessionSecret: config.sessionSecret ?? "" });
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

/** Opens the shop's database (migrated) and its auth service for one `shop admin` command. */
async function withAuth(config: ShopConfig, work: (auth: ReturnType<typeof createAuthService>) => Promise<number>): Promise<number> {
  const database = await openDatabase(config);
  const queue = new InProcessQueue();
  try {
    await migrateToLatest(database.db);
    return await work(createAuthService({ db: database.db, queue, codeOutbox, sessionSecret: config.sessionSecret ?? "" }));
  } catch (err) {
    if (isAuthError(err) || isAdminRuleError(err)) {
      console.error(`shop admin: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await queue.close();
    await database.close();
  }
}

function day(at: Date | null): string {
  return at ? at.toISOString().slice(0, 16).replace("T", " ") : "-";
}

/** `shop admin list`: every admin, the owner first. */
export const adminListCommand = command(
  { name: "admin list", summary: "list the admins: name, email, added, last sign-in, enabled or disabled", details: FROM_THE_ENVIRONMENT },
  (config) =>
    withAuth(config, async (auth) => {
      const admins = await auth.listAdmins();
      for (const a of admins) {
        const state = a.disabledAt ? "disabled" : a.owner ? "enabled, owner" : "enabled";
        console.log(`${a.email ?? "-"}\t${a.name}\tadded ${day(a.since)}\tlast sign-in ${day(a.lastSignInAt)}\t${state}`);
      }
      if (admins.length === 0) console.log('no admins yet: add one with "shop admin create"');
      return 0;
    }),
);

/**
 * `shop admin add`: a new admin from the server. The password is never an argument (it would
 * sit in the shell's history and the process list), nor ADMIN_PASSWORD (with ADMIN_EMAIL that
 * means "the first admin at start", and the settings refuse one without the other): the first
 * line of --password-file when given, else a generated one printed once for the operator to hand over.
 */
export const adminAddCommand = command(
  {
    name: "admin add",
    summary: "add an admin with a temporary password (from --password-file, or generated and printed once)",
    options: {
      email: { type: "string", value: "EMAIL", description: "the new admin's email address", required: true },
      name: { type: "string", value: "NAME", description: "the name the audit trail shows", required: true },
      "password-file": { type: "string", value: "FILE", description: "read the temporary password from the first line of FILE (not printed)" },
    },
    details: ["Without --password-file a temporary password is generated and printed once. A password is never read from the command line."],
  },
  (config, { options }) =>
    withAuth(config, async (auth) => {
      const file = options["password-file"];
      const password = file ? firstLine(fs.readFileSync(file, "utf8")) : temporaryPassword();
      const user = await auth.addAdmin({ kind: "cli" }, { email: options.email, name: options.name, password });
      console.log(`added admin ${user.name} <${user.email}>: sign in at /admin/login`);
      if (!file) console.log(`temporary password (shown once): ${password}`);
      return 0;
    }),
);

function switchCommand(enabled: boolean) {
  return command(
    {
      name: enabled ? "admin enable" : "admin disable",
      summary: enabled ? "let a disabled admin sign in again" : "stop an admin signing in and end their sessions and tokens now",
      options: { email: { type: "string", value: "EMAIL", description: "the admin's email address", required: true } },
      details: enabled ? FROM_THE_ENVIRONMENT : ["The last enabled admin cannot be disabled.", ...FROM_THE_ENVIRONMENT],
    },
    (config, { options }) =>
      withAuth(config, async (auth) => {
        const admin = await auth.setAdminEnabled({ kind: "cli" }, options.email, enabled);
        console.log(`${admin.email} is ${enabled ? "enabled" : "disabled"}`);
        return 0;
      }),
  );
}

export const adminDisableCommand = switchCommand(false);
export const adminEnableCommand = switchCommand(true);
