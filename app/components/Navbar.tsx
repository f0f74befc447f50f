import { Form, Link, NavLink } from "@remix-run/react";
import type { Frame } from "../frame.server";

/** Only when a page has no frame at all (the root loader itself failed). */
export const UNNAMED_SHOP = "School Uniform Shop";

/**
 * The shared navbar. The Schools menu is a <details> disclosure so it opens
 * without JavaScript; Logout is a form post so no link can sign anyone out.
 */
export function Navbar({ frame }: { frame?: Frame }) {
  const cartCount = frame?.cartCount ?? 0;
  return (
    <header className="navbar">
      <nav aria-label="Main">
        <Link to="/" className="brand">
          {frame?.shopName ?? UNNAMED_SHOP}
        </Link>
        <ul className="nav-links">
          <li>
            <NavLink to="/" end>
              Home
            </NavLink>
          </li>
          <li className="schools-menu">
            <details>
              <summary>Schools</summary>
              <ul>
                <li>
                  <Link to="/schools">All schools</Link>
                </li>
                {frame?.schools.map((school) => (
                  <li key={school.slug}>
                    <Link to={`/schools/${school.slug}`}>{school.name}</Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
          <li>
            <NavLink to="/contact">Contact</NavLink>
          </li>
          <li>
            <NavLink to="/cart" className="cart-link">
              Cart
              {cartCount > 0 ? (
                <span className="badge" aria-label={`${cartCount} items in cart`}>
                  {cartCount}
                </span>
              ) : null}
            </NavLink>
          </li>
          {frame?.user ? (
            <>
              <li>
                <NavLink to="/account">My Account</NavLink>
              </li>
              <li>
                <Form method="post" action="/logout">
                  <button type="submit" className="link-button">
                    Logout
                  </button>
                </Form>
              </li>
            </>
          ) : frame?.shopperUnknown ? (
            // Neither Login nor Logout: a signed-in shopper must not be told they are signed out.
            <li>
              <NavLink to="/account">My Account</NavLink>
            </li>
          ) : (
            <>
              <li>
                <NavLink to="/login">Login</NavLink>
              </li>
              <li>
                <NavLink to="/signup">Signup</NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
