/**
 * One intent, one command (decision 161): a route's action or loader, and each function a presenter exports, calls
 * at most one command of the shop on any path through it. Two commands in a row are two writes, and the first stays
 * when the second is refused; the service decides all the changes of an intent in one command instead.
 *
 * A command is a call `shop.<service>.<method>(...)` (or `context.shop...`) whose method names a change by its
 * first word (`add`, `change`, `place`, `erase`...; see COMMAND below). The paths are counted as the code runs them:
 * the branches of an `if`, a `switch` or `?:` are alternatives, a `return` or `throw` ends its path, and a command in
 * a loop or in a callback of `map`, `forEach` and the like is many commands. A call of a function of the same module
 * counts the commands that function calls.
 */

/** A method whose first word is one of these changes something. `count` is the stocktake's; `counts` is a query. */
const COMMAND =
  /^(add|change|remove|clear|replace|merge|place|pay|mark|delete|request|move|set|reset|receive|take|count|upload|make|file|resolve|acknowledge|erase|consent|withdraw|subscribe|open|register|update|save|edit|link|retry|create|revoke|record|cancel|ship|give|prove|verify|send|sign)(?![a-z])/;

const REPEATING = new Set(["map", "flatMap", "forEach", "filter", "reduce", "some", "every", "find", "all", "allSettled"]);

const NONE = -Infinity;
const max = (...values) => Math.max(NONE, ...values);
const plus = (a, b) => (a === NONE || b === NONE ? NONE : a + b);

function isShop(node) {
  if (!node) return false;
  if (node.type === "Identifier") return node.name === "shop";
  if (node.type === "MemberExpression") return !node.computed && node.property.type === "Identifier" && node.property.name === "shop";
  return false;
}

/** `shop.cart.add` -> "cart.add" when it is a command, else null. */
function commandName(callee, pattern) {
  if (callee.type !== "MemberExpression" || callee.computed || callee.property.type !== "Identifier") return null;
  const service = callee.object;
  if (service.type !== "MemberExpression" || service.computed || service.property.type !== "Identifier") return null;
  if (!isShop(service.object)) return null;
  return pattern.test(callee.property.name) ? `${service.property.name}.${callee.property.name}` : null;
}

function isFunction(node) {
  return node && (node.type === "FunctionDeclaration" || node.type === "FunctionExpression" || node.type === "ArrowFunctionExpression");
}

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "A route's action or loader, or a presenter's function, calls at most one command on any path" },
    schema: [{ type: "object", properties: { commandPattern: { type: "string" } }, additionalProperties: false }],
    messages: {
      many: "{{what}} calls {{count}} commands on one path ({{names}}): one intent is one command. Decide all its changes in one service call (decision 161).",
    },
  },
  create(context) {
    const option = context.options[0] ?? {};
    const pattern = option.commandPattern ? new RegExp(option.commandPattern) : COMMAND;
    const sourceCode = context.sourceCode ?? context.getSourceCode();
    const keys = sourceCode.visitorKeys;
    /** The module's own functions by name, so a call of one counts what it calls. */
    const local = new Map();
    const memo = new Map();
    const visiting = new Set();

    /** Commands an expression (or any node outside the statement walk) calls; names collected in `names`. */
    function cost(node, names) {
      if (!node || typeof node.type !== "string") return 0;
      switch (node.type) {
        case "ConditionalExpression":
          return cost(node.test, names) + Math.max(cost(node.consequent, names), cost(node.alternate, names));
        case "FunctionExpression":
        case "ArrowFunctionExpression":
        case "FunctionDeclaration":
          return bodyCost(node, names);
        case "CallExpression":
        case "NewExpression": {
          let total = 0;
          const name = node.type === "CallExpression" ? commandName(node.callee, pattern) : null;
          if (name) {
            names.push(name);
            total += 1;
          }
          if (node.callee.type === "Identifier" && local.has(node.callee.name)) total += functionCost(node.callee.name, names);
          total += cost(node.callee, names);
          const repeats = node.callee.type === "MemberExpression" && node.callee.property.type === "Identifier" && REPEATING.has(node.callee.property.name);
          for (const arg of node.arguments) {
            if (!repeats && isFunction(arg)) {
              // A callback kept for later (a strategy's verify, a handler) runs on a path of its own: checked alone.
              check(arg, "This callback", arg);
              continue;
            }
            const inner = cost(arg, names);
            // A callback run for every item, or Promise.all of many: a command in it is many commands.
            total += repeats && inner > 0 ? 2 * inner : inner;
          }
          return total;
        }
        default: {
          let total = 0;
          for (const key of keys[node.type] ?? []) {
            const child = node[key];
            if (Array.isArray(child)) for (const c of child) total += cost(c, names);
            else total += cost(child, names);
          }
          return total;
        }
      }
    }

    function bodyCost(fn, names) {
      if (fn.body.type !== "BlockStatement") return cost(fn.body, names);
      const walked = walk(fn.body, names);
      return Math.max(0, walked.fall, walked.exit);
    }

    function functionCost(name, names) {
      if (memo.has(name)) {
        names.push(...memo.get(name).names);
        return memo.get(name).count;
      }
      if (visiting.has(name)) return 0;
      visiting.add(name);
      const own = [];
      const count = bodyCost(local.get(name), own);
      visiting.delete(name);
      memo.set(name, { count, names: own });
      names.push(...own);
      return count;
    }

    /**
     * The most commands on a path through a statement: `fall` to the next statement, `exit` by return or throw,
     * `brk` out of the loop or switch around it (NONE: no such path).
     */
    function walk(node, names) {
      switch (node.type) {
        case "BlockStatement":
        case "StaticBlock":
          return sequence(node.body, names);
        case "ReturnStatement":
        case "ThrowStatement":
          return { fall: NONE, exit: cost(node.argument, names), brk: NONE };
        case "BreakStatement":
        case "ContinueStatement":
          return { fall: NONE, exit: NONE, brk: 0 };
        case "IfStatement": {
          const test = cost(node.test, names);
          const yes = walk(node.consequent, names);
          const no = node.alternate ? walk(node.alternate, names) : { fall: 0, exit: NONE, brk: NONE };
          return { fall: plus(test, max(yes.fall, no.fall)), exit: plus(test, max(yes.exit, no.exit)), brk: plus(test, max(yes.brk, no.brk)) };
        }
        case "SwitchStatement": {
          const test = cost(node.discriminant, names);
          let fall = node.cases.some((c) => c.test === null) ? NONE : 0;
          let exit = NONE;
          let brk = NONE;
          for (const branch of node.cases) {
            const r = sequence(branch.consequent, names);
            fall = max(fall, r.fall, r.brk);
            exit = max(exit, r.exit);
          }
          return { fall: plus(test, fall), exit: plus(test, exit), brk };
        }
        case "ForStatement":
        case "ForInStatement":
        case "ForOfStatement":
        case "WhileStatement":
        case "DoWhileStatement": {
          const head = cost(node.init, names) + cost(node.test, names) + cost(node.update, names) + cost(node.right, names);
          const r = walk(node.body, names);
          const inside = Math.max(0, r.fall, r.brk, r.exit);
          // A command in a loop runs as often as the loop goes round.
          return { fall: head + (inside > 0 ? 2 * inside : 0), exit: plus(head, r.exit), brk: NONE };
        }
        case "TryStatement": {
          const tried = walk(node.block, names);
          const caught = node.handler ? walk(node.handler.body, names) : { fall: NONE, exit: NONE, brk: NONE };
          // A throw anywhere in the block goes to the catch, after what the block did so far.
          const before = Math.max(0, tried.fall, tried.exit);
          const fall = max(tried.fall, plus(before, caught.fall));
          const exit = max(tried.exit, plus(before, caught.exit));
          const brk = max(tried.brk, plus(before, caught.brk));
          if (!node.finalizer) return { fall, exit, brk };
          const last = walk(node.finalizer, names);
          return { fall: plus(fall, last.fall), exit: max(plus(exit, last.fall), plus(max(fall, 0), last.exit)), brk: plus(brk, last.fall) };
        }
        case "LabeledStatement":
          return walk(node.body, names);
        case "FunctionDeclaration":
        case "ClassDeclaration":
          return { fall: 0, exit: NONE, brk: NONE };
        default:
          return { fall: cost(node, names), exit: NONE, brk: NONE };
      }
    }

    function sequence(statements, names) {
      let fall = 0;
      let exit = NONE;
      let brk = NONE;
      for (const statement of statements) {
        const r = walk(statement, names);
        exit = max(exit, plus(fall, r.exit));
        brk = max(brk, plus(fall, r.brk));
        fall = plus(fall, r.fall);
        if (fall === NONE) break;
      }
      return { fall, exit, brk };
    }

    function check(fn, what, at) {
      const names = [];
      const count = bodyCost(fn, names);
      if (count > 1) {
        context.report({ node: at, messageId: "many", data: { what, count: String(count), names: [...new Set(names)].map((n) => `shop.${n}`).join(", ") } });
      }
    }

    return {
      Program(program) {
        const entries = [];
        for (const statement of program.body) {
          const declaration = statement.type === "ExportNamedDeclaration" || statement.type === "ExportDefaultDeclaration" ? statement.declaration : statement;
          const exported = declaration !== statement;
          if (!declaration) continue;
          if (declaration.type === "FunctionDeclaration" && declaration.id) {
            local.set(declaration.id.name, declaration);
            if (exported) entries.push([declaration, declaration.id.name, declaration.id]);
          }
          if (declaration.type === "VariableDeclaration") {
            for (const d of declaration.declarations) {
              if (d.id.type !== "Identifier") continue;
              if (isFunction(d.init)) {
                local.set(d.id.name, d.init);
                if (exported) entries.push([d.init, d.id.name, d.id]);
              } else if (d.init && d.init.type === "CallExpression") {
                // apiRoute({ GET() {...}, PATCH() {...} }): each method is an entry of its own.
                for (const arg of d.init.arguments) {
                  if (arg.type !== "ObjectExpression") continue;
                  for (const p of arg.properties) {
                    if (p.type === "Property" && isFunction(p.value)) entries.push([p.value, p.key.name ?? p.key.value, p.key]);
                  }
                }
              }
            }
          }
        }
        for (const [fn, name, at] of entries) check(fn, `\`${name}\``, at);
      },
    };
  },
};
