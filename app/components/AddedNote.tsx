import { Link } from "@remix-run/react";
import { useT } from "../i18n/I18n";

/** What one add to the cart put in it, as the shop names it (the server's name and size spelling). */
export interface AddedItem {
  name: string;
  size: string;
  quantity: number;
}

/**
 * The answer to "Add to cart", and the way on to the cart. Without JavaScript it is a banner
 * at the top of the page the form returns to; with JavaScript it appears by the button
 * (components/AddToCartForm.tsx), inside a live region that is already on the page.
 */
export function AddedNote({ item, showCartLink = true }: { item: AddedItem; showCartLink?: boolean }) {
  const t = useT();
  return (
    <>
      {/* "Added: Shirt (30) x 2": one sentence with its values in place, the way the cart names a line. */}
      <span className="added-text">{t("cartForm.added", { name: item.name, size: item.size, quantity: item.quantity })}</span>
      {showCartLink ? (
        <>
          {" "}
          <Link to="/cart" className="added-cart-link">
            {t("cartForm.viewCart")}
          </Link>
        </>
      ) : null}
    </>
  );
}
