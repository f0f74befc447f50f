/**
 * One way to say no (decision 164): a refusal is a key of the `refusals` namespace with its values, worded from the
 * locale files (app/locales/<language>/refusals.json) in the language of whoever reads it. An English sentence where
 * a key goes would be shown in English on a Hindi page, or looked up again by its English, which a number in it
 * defeats. This rule finds the sentence where the key is required:
 *
 *   new RuleViolation("...")       the first argument, the refusal's key
 *   refusal("...")                 the first argument (domain/errors.ts)
 *   new AuthError(code, ...)       the second argument, a refusal: `authRefusal("loginFailed")`, never a text
 *   { key: "...", values }         a refusal written out as data (or any message as a key: no spaces)
 *
 * A literal is a key when it reads `group.name` (letters and digits, one dot); a template literal may build one
 * (`auth.${word}`) but holds no spaces. Either branch of `?:` and `??`/`||` is checked.
 */

const KEY = /^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/;
/** Keys of other namespaces (a page's own messages as `{ key, values }`) are keys too: only words with spaces are a sentence. */
const NOT_A_SENTENCE = /^\S*$/;

/** The English-looking text of a literal where a key (or, with `word`, a key's last word) goes; null when it is one. */
function sentenceIn(node, pattern) {
  if (!node) return null;
  if (node.type === "Literal" && typeof node.value === "string") return pattern.test(node.value) ? null : node.value;
  if (node.type === "TemplateLiteral") {
    const text = node.quasis.map((q) => q.value.cooked ?? "").join("${}");
    if (node.expressions.length === 0) return pattern.test(text) ? null : text;
    return /\s/.test(text) ? text : null;
  }
  if (node.type === "ConditionalExpression") return sentenceIn(node.consequent, pattern) ?? sentenceIn(node.alternate, pattern);
  if (node.type === "LogicalExpression") return sentenceIn(node.left, pattern) ?? sentenceIn(node.right, pattern);
  if (node.type === "TSAsExpression" || node.type === "TSSatisfiesExpression") return sentenceIn(node.expression, pattern);
  return null;
}

/** Any string at all where a refusal (an object with a key) goes. */
function textIn(node) {
  if (!node) return null;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral") return node.quasis.map((q) => q.value.cooked ?? "").join("${}");
  if (node.type === "ConditionalExpression") return textIn(node.consequent) ?? textIn(node.alternate);
  if (node.type === "LogicalExpression") return textIn(node.left) ?? textIn(node.right);
  if (node.type === "ObjectExpression") {
    const key = node.properties.find((p) => p.type === "Property" && !p.computed && p.key.type === "Identifier" && p.key.name === "key");
    return key ? sentenceIn(key.value, NOT_A_SENTENCE) : null;
  }
  return null;
}

function calleeName(callee) {
  if (callee.type === "Identifier") return callee.name;
  if (callee.type === "MemberExpression" && !callee.computed && callee.property.type === "Identifier") return callee.property.name;
  return null;
}

export default {
  meta: {
    type: "problem",
    docs: { description: "A refusal is a key with values, worded from the locale files (decision 164)." },
    schema: [],
    messages: {
      sentence:
        "A refusal is a key with values (decision 164), not the sentence {{text}}: put its words in app/locales/*/refusals.json and pass `group.name` ({{where}}).",
    },
  },
  create(context) {
    function report(node, text, where) {
      const shown = JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
      context.report({ node, messageId: "sentence", data: { text: shown, where } });
    }
    function check(node) {
      const name = calleeName(node.callee);
      const args = node.arguments;
      if (name === "RuleViolation" || (name === "refusal" && node.type === "CallExpression")) {
        const text = sentenceIn(args[0], KEY);
        if (text !== null) report(args[0], text, `${name}'s key`);
      } else if (name === "AuthError" && node.type === "NewExpression") {
        const text = textIn(args[1]);
        if (text !== null) report(args[1], text, "AuthError takes a refusal, e.g. authRefusal(\"loginFailed\")");
      }
    }
    return {
      NewExpression: check,
      CallExpression: check,
      ObjectExpression(node) {
        // `{ key, values }` written out: the data of a refusal.
        const names = new Set(node.properties.filter((p) => p.type === "Property" && !p.computed && p.key.type === "Identifier").map((p) => p.key.name));
        if (!names.has("key") || !names.has("values")) return;
        const text = textIn(node);
        if (text !== null) report(node, text, "a refusal's key");
      },
    };
  },
};
