import { Link as RouterLink, NavLink as RouterNavLink, useLocation, useNavigate } from "@remix-run/react";
import type { LinkProps, NavLinkProps } from "@remix-run/react";
import { useCallback, type MouseEvent } from "react";

/**
 * The shop's links. A link to an address of the shop ("/schools/dps") is a plain `<a>` with
 * `data-discover`, as Remix's `<Link>` writes it, and one click handler on the page's body
 * (`useLinkNavigation`) turns a plain click on it into a navigation without a page load. Remix's
 * `<Link>` resolved each address twice per render through the router's hooks: with 60 to 100 links a
 * page (the Schools menu alone has 41) that was a tenth of a page's server time (decision 144).
 * Route discovery finds these links the same way, by their `data-discover` attribute.
 * A link that asks the router for more (a relative address, `replace`, `state`, keeping the scroll
 * position, a document reload) is Remix's own `<Link>`.
 */
export function Link(props: LinkProps) {
  if (!plain(props)) return <RouterLink {...props} />;
  const { to, prefetch: _prefetch, discover: _discover, ...anchor } = props;
  // The attributes in the order Remix's <Link> writes them.
  return <a {...anchor} data-discover="true" href={to as string} />;
}

/**
 * A link in a menu: `aria-current="page"` and the class `active` while its address is the page's,
 * as Remix's `<NavLink>` marks it (`end`: only that address, not the pages under it).
 */
export function NavLink(props: NavLinkProps) {
  const { pathname } = useLocation();
  if (!plain(props) || typeof props.className === "function" || typeof props.style === "function" || typeof props.children === "function") {
    return <RouterNavLink {...props} />;
  }
  const { to, end = false, caseSensitive: _caseSensitive, prefetch: _prefetch, discover: _discover, className, style, children, ...anchor } = props;
  const active = isActive(pathname, (to as string).split(/[?#]/, 1)[0], end);
  return (
    <a
      {...anchor}
      data-discover="true"
      aria-current={active ? "page" : undefined}
      className={[className, active ? "active" : null].filter(Boolean).join(" ") || undefined}
      style={style}
      href={to as string}
    >
      {children}
    </a>
  );
}

/** What `NavLink` counts as the page's own address: the shop's addresses are lower case (server/lower-case-addresses.ts). */
function isActive(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const there = to.toLowerCase();
  if (here === there) return true;
  if (end || !here.startsWith(there)) return false;
  const slashAt = there !== "/" && there.endsWith("/") ? there.length - 1 : there.length;
  return here.charAt(slashAt) === "/";
}

/** An address of this shop with nothing for the router to do but go there. */
function plain(props: LinkProps | NavLinkProps): boolean {
  const { to } = props;
  return (
    typeof to === "string" &&
    to.startsWith("/") &&
    !to.startsWith("//") &&
    !props.replace &&
    props.state === undefined &&
    !props.preventScrollReset &&
    !props.reloadDocument &&
    props.relative === undefined &&
    (props.prefetch === undefined || props.prefetch === "none") &&
    props.discover !== "none" &&
    !props.viewTransition &&
    (props.target === undefined || props.target === "_self")
  );
}

/**
 * The body's click handler for the shop's plain links: a plain left click on an `a[data-discover]`
 * of this origin that nothing else has handled navigates in the page, as Remix's `<Link>` does
 * (to the same address: replacing it in the history). Modified clicks, other targets and downloads
 * are left to the browser. Without JavaScript the links are what they always were: links.
 */
export function useLinkNavigation() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element).closest?.("a[data-discover]");
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download")) return;
      if (anchor.target && anchor.target !== "_self") return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { replace: to === here });
    },
    [navigate],
  );
}
