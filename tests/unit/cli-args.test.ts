import { describe, expect, it } from "vitest";
import { asksForHelp, CommandLineError, helpText, parseCommandLine, usageLine, type CommandDefinition } from "../../bin/args";
import { commands, findCommand } from "../../bin/commands";

const seed = {
  name: "seed-demo",
  summary: "generate demo orders",
  options: {
    orders: { type: "positive-integer", value: "N", description: "how many orders", default: 100 },
    shard: { type: "positive-integer", value: "N", description: "only this shard" },
    json: { type: "boolean", description: "print JSON" },
    from: { type: "string", value: "POSITION", description: "start here" },
  },
} as const satisfies CommandDefinition;

const stream = {
  name: "stream",
  summary: "one stream",
  positional: { name: "stream-id", description: "the stream", required: true },
} as const satisfies CommandDefinition;

const admin = {
  name: "admin create",
  summary: "create an admin",
  options: { email: { type: "string", value: "EMAIL", description: "the address", required: true } },
} as const satisfies CommandDefinition;

/** The error a command line ends in: its message and exit code, and the command its hint points at. */
function refusal(definition: CommandDefinition, args: string[]) {
  try {
    parseCommandLine(definition, args);
  } catch (err) {
    if (err instanceof CommandLineError) return { message: err.message, exitCode: err.exitCode, command: err.command };
    throw err;
  }
  throw new Error(`"${args.join(" ")}" was accepted`);
}

describe("reading a shop command line", () => {
  it("gives typed options with their defaults, in either spelling of a value", () => {
    expect(parseCommandLine(seed, [])).toEqual({
      options: { orders: 100, shard: undefined, json: false, from: undefined },
      positional: undefined,
    });
    const parsed = parseCommandLine(seed, ["--orders", "12", "--json", "--from=0/5", "--shard=3"]);
    expect(parsed.options).toEqual({ orders: 12, shard: 3, json: true, from: "0/5" });
    // A value that starts with a dash is given inline.
    expect(parseCommandLine(seed, ["--from=-1"]).options.from).toBe("-1");
  });

  it("names an unknown option, suggests the one meant, and exits 2", () => {
    expect(refusal(seed, ["--ordres", "5"])).toEqual({
      message: "unknown option --ordres; did you mean --orders?",
      exitCode: 2,
      command: "seed-demo",
    });
    expect(refusal(seed, ["--colour"]).message).toBe("unknown option --colour");
    expect(refusal(seed, ["-x"]).message).toBe("unknown option -x");
  });

  it("refuses an option without its value, rather than taking the next option as it", () => {
    expect(refusal(seed, ["--from"])).toMatchObject({ message: "--from needs a value: --from POSITION", exitCode: 2 });
    expect(refusal(seed, ["--from", "--json"])).toMatchObject({ message: "--from needs a value: --from POSITION", exitCode: 2 });
    expect(refusal(seed, ["--orders"])).toMatchObject({ message: "--orders needs a value: --orders N", exitCode: 2 });
    expect(refusal(seed, ["--json=yes"])).toMatchObject({ message: '--json takes no value, got "yes"', exitCode: 2 });
  });

  it("takes only a whole number above 0 where one is wanted", () => {
    for (const bad of ["abc", "0", "-3", "1.5", "1e3", "12abc", "", "99999999999999999999"]) {
      expect(refusal(seed, [`--orders=${bad}`])).toEqual({
        message: `--orders must be a whole number above 0, got "${bad}"`,
        exitCode: 2,
        command: "seed-demo",
      });
    }
    expect(parseCommandLine(seed, ["--orders", "007"]).options.orders).toBe(7);
  });

  it("reads positional arguments: one, required, or any number; nothing after -- is an option", () => {
    expect(parseCommandLine(stream, ["order-1"]).positional).toBe("order-1");
    expect(refusal(stream, [])).toEqual({ message: "<stream-id> is required", exitCode: 1, command: "stream" });
    expect(refusal(stream, ["order-1", "order-2"])).toMatchObject({ message: 'unexpected argument "order-2"', exitCode: 2 });
    expect(refusal(seed, ["12"])).toMatchObject({ message: 'unexpected argument "12"', exitCode: 2 });
    const replay = { name: "replay", summary: "rebuild", positional: { name: "projection", description: "a read model", many: true } } as const;
    expect(parseCommandLine(replay, []).positional).toEqual([]);
    expect(parseCommandLine(replay, ["orders", "stream_type_counts"]).positional).toEqual(["orders", "stream_type_counts"]);
    expect(parseCommandLine(stream, ["--", "--odd-stream"]).positional).toBe("--odd-stream");
  });

  it("ends a missing required option with exit code 1, as shop admin create always has", () => {
    expect(refusal(admin, [])).toEqual({ message: "--email is required", exitCode: 1, command: "admin create" });
    expect(parseCommandLine(admin, ["--email", "owner@example.com"]).options.email).toBe("owner@example.com");
  });

  it("sees --help or -h anywhere before --", () => {
    expect(asksForHelp(["--orders", "5", "--help"])).toBe(true);
    expect(asksForHelp(["-h"])).toBe(true);
    expect(asksForHelp(["--", "--help"])).toBe(false);
    expect(asksForHelp(["--from=--help"])).toBe(false);
  });
});

describe("help text", () => {
  it("is written from the definition: usage line, summary, one line per option with its meaning and default", () => {
    expect(usageLine(admin)).toBe("usage: shop admin create --email EMAIL");
    const text = helpText(seed);
    const lines = text.split("\n");
    expect(lines[0]).toBe("usage: shop seed-demo [--orders N] [--shard N] [--json] [--from POSITION]");
    expect(lines).toContain("generate demo orders");
    expect(lines).toContain("  --orders N       how many orders (default 100)");
    expect(lines).toContain("  --shard N        only this shard");
    expect(lines).toContain("  -h, --help       show this help");
    expect(helpText(stream).split("\n")).toContain("  <stream-id>  the stream");
    expect(helpText(admin)).toContain("--email EMAIL  the address (required)");
  });

  it("exists for every shop command and lists each of its options", () => {
    expect(commands.map((c) => c.definition.name)).toEqual(
      expect.arrayContaining(["start", "dev", "web", "projector", "worker", "migrate", "admin create", "replay", "verify", "stream", "tail", "status", "seed-demo"]),
    );
    for (const { definition } of commands) {
      const text = helpText(definition);
      expect(text.split("\n")[0]).toMatch(new RegExp(`^usage: shop ${definition.name}\\b`));
      for (const name of Object.keys(definition.options ?? {})) expect(text).toContain(`--${name}`);
      expect(findCommand(definition.name.split(" "))).toMatchObject({ kind: "command", args: [] });
    }
  });
});
