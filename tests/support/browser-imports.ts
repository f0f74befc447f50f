/**
 * What a route's browser code imports, read from the sources: the route as Remix's client build
 * keeps it (the server-only exports and whatever only they use removed, as its plugin does), then
 * every module it reaches, skipping `.server` files and type-only imports. It errs towards more: a
 * module reached here may still be tree-shaken away, never the other way round.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The exports @remix-run/dev removes from a route's client build (SERVER_ONLY_ROUTE_EXPORTS). */
const SERVER_ONLY_EXPORTS = new Set(["loader", "action", "headers"]);

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** A relative import as a file of the repository, or null for a package or a non-source file (`?url`). */
function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function valueImport(statement: ts.ImportDeclaration): boolean {
  const clause = statement.importClause;
  if (!clause) return true;
  if (clause.isTypeOnly) return false;
  const named = clause.namedBindings;
  if (clause.name || !named || ts.isNamespaceImport(named)) return true;
  return named.elements.length === 0 || named.elements.some((element) => !element.isTypeOnly);
}

/** The import and re-export specifiers of a module that bring code (not `import type`, not `export type`). */
function valueSpecifiers(source: ts.SourceFile): string[] {
  const specs: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && valueImport(statement)) specs.push((statement.moduleSpecifier as ts.StringLiteral).text);
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specs.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specs;
}

function isExported(statement: ts.Statement): boolean {
  return ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function declaredNames(statement: ts.Statement): string[] {
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) {
    return [statement.name.text];
  }
  if (!ts.isVariableStatement(statement)) return [];
  const names: string[] = [];
  const collect = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) names.push(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) collect(element.name);
  };
  for (const declaration of statement.declarationList.declarations) collect(declaration.name);
  return names;
}

/** The names a piece of code uses as values (types and type queries such as `typeof loader` left out). */
function usedNames(node: ts.Node, into: Set<string>): void {
  if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
  if (ts.isIdentifier(node)) into.add(node.text);
  ts.forEachChild(node, (child) => usedNames(child, into));
}

/** The specifiers of a route module that its client build keeps. */
function clientSpecifiers(source: ts.SourceFile): string[] {
  const declarations = new Map<string, ts.Statement>();
  const roots: ts.Node[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) continue;
    const names = declaredNames(statement);
    for (const name of names) declarations.set(name, statement);
    if (names.length === 0) roots.push(statement);
    else if (isExported(statement) && !names.every((name) => SERVER_ONLY_EXPORTS.has(name))) roots.push(statement);
  }
  const used = new Set<string>();
  const kept = new Set<ts.Node>();
  const keep = (node: ts.Node) => {
    if (kept.has(node)) return;
    kept.add(node);
    const names = new Set<string>();
    usedNames(node, names);
    for (const name of names) {
      used.add(name);
      const declaration = declarations.get(name);
      if (declaration && !(isExported(declaration) && SERVER_ONLY_EXPORTS.has(name))) keep(declaration);
    }
  };
  roots.forEach(keep);
  const specs: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !valueImport(statement)) continue;
    const clause = statement.importClause;
    const bindings: string[] = [];
    if (clause?.name) bindings.push(clause.name.text);
    const named = clause?.namedBindings;
    if (named && ts.isNamespaceImport(named)) bindings.push(named.name.text);
    if (named && ts.isNamedImports(named)) for (const element of named.elements) if (!element.isTypeOnly) bindings.push(element.name.text);
    if (!clause || bindings.some((name) => used.has(name))) specs.push((statement.moduleSpecifier as ts.StringLiteral).text);
  }
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specs.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specs;
}

/**
 * Each chain, from a module that imports `pkg` back to the route, by which the route's browser
 * code reaches that package; none when it does not.
 */
export function browserChainsTo(route: string, pkg: string): string[][] {
  const start = path.resolve(route);
  const parent = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  const chains: string[][] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    const source = parse(file);
    for (const spec of file === start ? clientSpecifiers(source) : valueSpecifiers(source)) {
      if (spec === pkg) {
        const chain: string[] = [];
        for (let at: string | null = file; at; at = parent.get(at) ?? null) chain.push(path.relative(process.cwd(), at));
        chains.push(chain);
        continue;
      }
      const next = resolveImport(file, spec);
      if (!next || /\.server\.tsx?$/.test(next) || next.includes(`${path.sep}.server${path.sep}`) || parent.has(next)) continue;
      parent.set(next, file);
      queue.push(next);
    }
  }
  return chains;
}
