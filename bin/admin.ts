import fs from "node:fs";
import readline from "node:readline";
import { Writable } from "node:stream";
import type { ShopConfig } from "../server/config";
import { openShopCore } from "../server/runtime";
import { OPERATOR, createStaffService, type StaffService } from "../services/staff";
import { createAuthService, isAuthError, temporaryPassword } from "../services/auth/index";
import { InProcessQueue } from "../workers/in-process-queue";
import { codeOutbox } from "../workers/code-outbox";
import { command } from "./args";
import { definitions } from "./definitions";
import { ADMIN_PASSWORD_MIN_LENGTH, AUTH_MESSAGES, looksLikeEmail, normalizeEmail, passwordProblem } from "../domain/auth";

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
  definitions.adminCreate,
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
    ? "invalidEmail"
    : password.length < ADMIN_PASSWORD_MIN_LENGTH
      ? "adminPasswordTooShort"
      : passwordProblem(password);
  if (problem) {
    console.error(`shop admin: ${AUTH_MESSAGES[problem]}`);
    return 1;
  }
  return withAuth(config, async (auth, staff) => {
    const { user, created } = await auth.createAdmin({ email: flags.email, password, name: flags.name });
    // The operator's admin is an owner, unless the owner already gave the account a role (decision 215).
    await staff.operatorMadeAdmin(user.id);
    console.log(
      created
        ? `created admin ${user.email}: sign in at /admin/login`
        : `${user.email} is now an admin with the new password (its old sessions and tokens were ended)`,
    );
    return 0;
  });
}

/** Opens the shop (migrated) and its auth and staff services for one `shop admin` command. */
async function withAuth(config: ShopConfig, work: (auth: ReturnType<typeof createAuthService>, staff: StaffService) => Promise<number>): Promise<number> {
  const queue = new InProcessQueue();
  const core = await openShopCore(config, { migrate: true, queue });
  try {
    // The roster keeps an owner who can sign in, so `shop admin disable` asks it first (decision 216).
    const auth = createAuthService({ db: core.db, queue, codeOutbox, sessionSecret: config.sessionSecret ?? "", checkDisable: (id, disabled) => staff.checkDisable(id, disabled) });
    const staff = createStaffService({ db: core.db, store: core.store, auth });
    return await work(auth, staff);
  } catch (err) {
    // A sign-in rule's refusal (the password's) in English, as the /api words it; a rule's refusal (an admin who is
    // already one, the last owner) goes on to bin/shop.ts, which words every rule's refusal the same way.
    if (isAuthError(err)) {
      const { refusalText } = await import("../app/i18n/refusals.server");
      console.error(`shop admin: ${refusalText("en", err)}`);
      return 1;
    }
    throw err;
  } finally {
    await core.close();
    await queue.close();
  }
}

function day(at: Date | null): string {
  return at ? at.toISOString().slice(0, 16).replace("T", " ") : "-";
}

/** `shop admin list`: every admin, the owner first. */
export const adminListCommand = command(
  definitions.adminList,
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
  definitions.adminAdd,
  (config, { options }) =>
    withAuth(config, async (auth, staff) => {
      const file = options["password-file"];
      const password = file ? firstLine(fs.readFileSync(file, "utf8")) : temporaryPassword();
      const user = await auth.addAdmin({ kind: "cli" }, { email: options.email, name: options.name, password });
      await staff.operatorMadeAdmin(user.id);
      console.log(`added admin ${user.name} <${user.email}>: sign in at /admin/login`);
      if (!file) console.log(`temporary password (shown once): ${password}`);
      return 0;
    }),
);

function setEnabled(config: ShopConfig, email: string, enabled: boolean): Promise<number> {
  return withAuth(config, async (auth) => {
    const admin = await auth.setAdminEnabled({ kind: "cli" }, email, enabled);
    console.log(`${admin.email} is ${enabled ? "enabled" : "disabled"}`);
    return 0;
  });
}

export const adminDisableCommand = command(definitions.adminDisable, (config, { options }) => setEnabled(config, options.email, false));
export const adminEnableCommand = command(definitions.adminEnable, (config, { options }) => setEnabled(config, options.email, true));

/**
 * `shop admin reset-second-factor`: a staff member lost the phone with their authenticator app and their recovery
 * codes (decision 197). Recorded on the staff roster as the operator's act; they set a new one up at their next sign-in.
 */
export const adminResetSecondFactorCommand = command(definitions.adminResetSecondFactor, (config, { options }) =>
  withAuth(config, async (_auth, staff) => {
    const { person, enrolAgain } = await staff.resetSecondFactor(options.email, OPERATOR);
    console.log(
      enrolAgain
        ? `${person.name} <${normalizeEmail(options.email)}>: second factor reset and signed out everywhere; they set a new one up at their next sign-in`
        : `${person.name} <${normalizeEmail(options.email)}>: second factor reset and signed out everywhere`,
    );
    return 0;
  }),
);
