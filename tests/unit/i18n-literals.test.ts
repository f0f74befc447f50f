import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The components and pages that speak the visitor's language (docs/i18n.md). This list only
 * grows: a file on it may show no English words of its own, only t("...") messages.
 */
const CONVERTED = [
  "app/components/Navbar.tsx",
  "app/components/Breadcrumbs.tsx",
  "app/components/ErrorPage.tsx",
  "app/routes/_index.tsx",
  "app/routes/schools._index.tsx",
  "app/routes/schools.$schoolSlug._index.tsx",
  "app/routes/schools.$schoolSlug.$productSlug.tsx",
  "app/routes/shop.tsx",
  "app/components/ShelfPage.tsx",
  "app/routes/accessories._index.tsx",
  "app/routes/accessories.bags.tsx",
  "app/routes/accessories.bottle.tsx",
  "app/routes/accessories.stationary.tsx",
  "app/routes/accessories.shoes._index.tsx",
  "app/routes/accessories.shoes.regular-shoes.tsx",
  "app/routes/accessories.shoes.kids-shoes._index.tsx",
  "app/routes/accessories.shoes.kids-shoes.$slug.tsx",
  "app/routes/white-products.tsx",
  "app/routes/login.tsx",
  "app/routes/signup.tsx",
  "app/routes/otp.tsx",
  "app/components/PhoneField.tsx",
  "app/components/GoogleButton.tsx",
  "app/components/Footer.tsx",
  "app/components/ContactAddress.tsx",
  "app/components/ProductInfo.tsx",
  "app/components/AddToCartForm.tsx",
  "app/components/AddedNote.tsx",
  "app/routes/cart.tsx",
  "app/routes/checkout.tsx",
  "app/routes/checkout_.done.tsx",
  "app/forms/messages.tsx",
  "app/routes/account.tsx",
  "app/components/OrderHistory.tsx",
  "app/routes/orders.track.tsx",
  "app/routes/contact.tsx",
  "app/routes/returns.tsx",
  "app/routes/product.$id.tsx",
  "app/routes/newsletter.tsx",
  "app/routes/admin.tsx",
  "app/components/LastBackup.tsx",
  "app/routes/admin._index.tsx",
  "app/routes/admin.orders.$id.tsx",
  "app/routes/admin.orders.$id_.delete.tsx",
  "app/routes/admin.products.tsx",
  "app/routes/admin.products_.$id.delete.tsx",
  "app/routes/admin.notifications.tsx",
  "app/routes/admin_.login.tsx",
  "app/routes/admin.$.tsx",
  "app/components/ConfirmDeleteForm.tsx",
  "app/components/StockBadge.tsx",
  "app/routes/admin.products_.$id.stock.tsx",
  "app/components/UpiPayPanel.tsx",
  "app/components/OrderLinesTable.tsx",
  "app/components/OrderPayment.tsx",
  "app/components/SizeGuide.tsx",
  "app/routes/size-finder.tsx",
  "app/routes/admin.sizes._index.tsx",
  "app/routes/admin.sizes.$kind.tsx",
  "app/routes/admin.sizes.exchanges.tsx",
  "app/admin/components/DashboardRows.tsx",
  "app/admin/components/DashboardForms.tsx",
  "app/admin/components/OrderSections.tsx",
  "app/admin/components/AfterSaleSections.tsx",
  "app/admin/components/Products.tsx",
  "app/admin/components/PrintDocuments.tsx",
  "app/components/CheckoutDetails.tsx",
  "app/components/PincodeCheck.tsx",
  "app/components/ChargesLines.tsx",
  "app/components/CartRow.tsx",
  "app/components/AccountDetails.tsx",
];

/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(["title", "aria-label", "placeholder", "alt", "label", "summary"]);
/** Words that are the same in every language: names, not sentences. */
const ALLOWED = new Set(["Churu Uniform House", "Facebook", "Instagram", "WhatsApp", "you@example.com"]);

const hasWords = (text: string) => /[A-Za-z]{2,}/.test(text) && !ALLOWED.has(text.trim());

/** Every English literal a visitor would see in a .tsx file: JSX text, `{"..."}` children and read attributes. */
function englishLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${path.basename(file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      const e = node.expression;
      if ((ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && hasWords(e.text)) found.push(`${where(node)} child "${e.text}"`);
    }
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))
          ? init.expression
          : ts.isJsxExpression(init) && init.expression && ts.isTemplateExpression(init.expression)
            ? init.expression.head
            : null;
      if (literal && hasWords(literal.text)) found.push(`${where(node)} ${node.name.getText(source)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("converted pages show no English of their own", () => {
  for (const file of CONVERTED) {
    it(`${file} reads every visible word from the messages`, () => {
      expect(englishLiterals(file)).toEqual([]);
    });
  }

  it("catches an English literal (the scan itself works)", () => {
    const probe = path.join(fs.mkdtempSync(path.join(process.cwd(), "tmp", "i18n-")), "Probe.tsx");
    fs.writeFileSync(probe, `export const P = () => <p title="Shop now">Add to cart {"Buy"} <img alt={\`Shirt \${1}\`} />₹ 499</p>;`);
    try {
      expect(englishLiterals(probe)).toHaveLength(4);
    } finally {
      fs.rmSync(path.dirname(probe), { recursive: true });
    }
  });
});
