import fs from "node:fs";
import readline from "node:readline";
import { Writable } from "node:stream";
import type { ShopConfig } from "../server/config";
import { openDatabase } from "../server/runtime";
import { migrateToLatest } from "../db/migrate";
import { createAuthService, isAuthError } from "../services/auth/index";
import { InProcessQueue } from "../workers/in-process-queue";
import { codeOutbox } from "../workers/code-outbox";
import { command } from "./args";
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
