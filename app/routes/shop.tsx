import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatRupees } from "../../domain/money";
import {
  CATEGORY_ILLUSTRATION,
  CATEGORY_LABELS,
  GENDER_LABELS,
  SHOP_CATEGORIES,
  SHOP_GENDERS,
} from "../../domain/shop-products";
import { parseShopFilters } from "../../domain/shop-filters";
import { shopProductImage } from "../images.server";

export const meta: MetaFunction = () => [
  { title: "Shop School Uniforms & Accessories | Churu Uniform House" },
  {
    name: "description",
    content: "Shirts, pants, skirts, dresses, blazers, ties, socks, shoes and accessories. Filter by category, gender, stock and price.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = parseShopFilters(new URL(request.url).searchParams);
  if (!parsed.ok) {
    return data({ state: "invalid" as const, input: parsed.input, errors: parsed.errors, products: [] }, { status: 400 });
  }
  try {
    const rows = await context.shop.catalogue.listProducts(parsed.filters);
    const products = rows.map((product) => ({
      ...product,
      image: shopProductImage(product.imageUrl, CATEGORY_ILLUSTRATION[product.category]),
    }));
    return data({ state: "ok" as const, input: parsed.input, errors: [] as string[], products });
  } catch (error) {
    context.log.error({ err: error }, "shop: products query failed");
    return data({ state: "error" as const, input: parsed.input, errors: [] as string[], products: [] }, { status: 503 });
  }
}

// Typing a price should not reload the list on every key.
const PRICE_TYPING_PAUSE_MS = 400;

export default function Shop() {
  const { state, input, errors, products } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(typingTimer.current), []);
  // Back, Forward or "Clear filters" change the URL under the form: show what it now says,
  // except in the box the shopper is typing in.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [name, value] of Object.entries(input)) {
      const field = form.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field !== document.activeElement) field.value = value;
    }
  }, [input]);

  const loading = navigation.state === "loading" && navigation.location.pathname === "/shop";
  const here = `${location.pathname}${location.search}`;

  function applyNow() {
    clearTimeout(typingTimer.current);
    if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
  }
  function applySoon() {
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(applyNow, PRICE_TYPING_PAUSE_MS);
  }

  return (
    <>
      <h1>Shop School Uniforms &amp; Accessories</h1>
      <Form method="get" className="filters" ref={formRef} aria-label="Product filters">
        <div>
          <label htmlFor="filter-category">Category</label>
          <select id="filter-category" name="category" defaultValue={input.category} onChange={applyNow}>
            <option value="">All Categories</option>
            {SHOP_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-gender">Gender</label>
          <select id="filter-gender" name="gender" defaultValue={input.gender} onChange={applyNow}>
            <option value="">All Genders</option>
            {SHOP_GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {GENDER_LABELS[gender]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-stock">Stock</label>
          <select id="filter-stock" name="stock" defaultValue={input.stock} onChange={applyNow}>
            <option value="">All Stock</option>
            <option value="true">In Stock</option>
            <option value="false">Out of Stock</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-min">Min price (₹)</label>
          <input id="filter-min" name="minPrice" type="number" inputMode="numeric" min={0} step={1} defaultValue={input.minPrice} onChange={applySoon} />
        </div>
        <div>
          <label htmlFor="filter-max">Max price (₹)</label>
          <input id="filter-max" name="maxPrice" type="number" inputMode="numeric" min={0} step={1} defaultValue={input.maxPrice} onChange={applySoon} />
        </div>
        <div className="filter-actions">
          <button type="submit" className="primary">
            Apply filters
          </button>
          <Link to="/shop" className="button secondary">
            Clear filters
          </Link>
        </div>
      </Form>

      {loading ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading products...
        </p>
      ) : null}

      {state === "invalid" ? (
        <div className="form-error" role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : state === "error" ? (
        <div className="error-box" role="alert">
          <p>Failed to load products. Please try again.</p>
          <Link to={here} className="button" replace>
            Try Again
          </Link>
        </div>
      ) : products.length === 0 ? (
        <p className="empty">No products found. Try adjusting your filters.</p>
      ) : (
        <>
          <p className="result-count" aria-live="polite">
            {products.length === 1 ? "1 product" : `${products.length} products`}
          </p>
          <ul className={loading ? "grid products pending" : "grid products"}>
            {products.map((product) => (
              <li key={product.id} className="card product-card">
                <img src={product.image} alt={product.name} width="200" height="200" loading="lazy" decoding="async" />
                <h2 className="card-title">{product.name}</h2>
                <p className="description">{product.description}</p>
                <p className="price">{formatRupees(product.price)}</p>
                <ul className="badges" aria-label="Details">
                  {product.stockQuantity > 0 ? <li className="badge-stock in">In Stock</li> : <li className="badge-stock out">Out of Stock</li>}
                  <li>{CATEGORY_LABELS[product.category]}</li>
                  <li>{GENDER_LABELS[product.gender]}</li>
                  <li>Size {product.size}</li>
                </ul>
                <Link to={`/product/${product.id}`} className="button small">
                  View Details<span className="visually-hidden"> of {product.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
