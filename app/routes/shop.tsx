import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation, useSubmit, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatRupees } from "../../domain/money";
import { SHOP_CATEGORIES, SHOP_GENDERS } from "../../domain/shop-products";
import { parseShopFilters } from "../../domain/shop-filters";
import { shopProductCardPictures } from "../pictures.server";
import { CardPicture } from "../components/CardPicture";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalIn, routeMessages } from "../i18n/i18n.server";
import { descriptionIn, nameIn, sizeIn } from "../../domain/catalogue-words";
import { StockBadge } from "../components/StockBadge";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("shop:meta.title") },
    { name: "description", content: t("shop:meta.description") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = parseShopFilters(new URL(request.url).searchParams);
  const messages = routeMessages(request, "shop");
  if (!parsed.ok) {
    // The filters' rules speak English (the /api shares them); the page says them in the visitor's language.
    const lang = languageOf(request);
    const errors = parsed.errors.map((message) => refusalIn(lang, message));
    return data({ state: "invalid" as const, input: parsed.input, errors, products: [], messages }, { status: 400 });
  }
  try {
    const rows = await context.shop.catalogue.listProducts(parsed.filters);
    // A product's own words in the page's language, the English where it has no Hindi (decision 099).
    const lang = languageOf(request);
    // The owner's main photo of each (one query), else the product's image or drawing (decision 139).
    const pictures = await shopProductCardPictures(context.shop, rows);
    const products = rows.map((product) => ({
      id: product.id,
      name: nameIn(lang, product),
      description: descriptionIn(lang, product),
      price: product.price,
      stockQuantity: product.stockQuantity,
      category: product.category,
      gender: product.gender,
      size: sizeIn(lang, product.size),
      picture: pictures[product.id],
    }));
    return data({ state: "ok" as const, input: parsed.input, errors: [] as string[], products, messages });
  } catch (error) {
    context.log.error({ err: error }, "shop: products query failed");
    return data({ state: "error" as const, input: parsed.input, errors: [] as string[], products: [], messages }, { status: 503 });
  }
}

// Typing a price should not reload the list on every key.
const PRICE_TYPING_PAUSE_MS = 400;

export default function Shop() {
  const { state, input, errors, products } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const submit = useSubmit();
  const t = useT();
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
      <h1>{t("shop:title")}</h1>
      <Form method="get" className="filters" ref={formRef} aria-label={t("shop:filters")}>
        <div>
          <label htmlFor="filter-category">{t("shop:categoryLabel")}</label>
          <select id="filter-category" name="category" defaultValue={input.category} onChange={applyNow}>
            <option value="">{t("shop:allCategories")}</option>
            {SHOP_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`shop:category.${category}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-gender">{t("shop:genderLabel")}</label>
          <select id="filter-gender" name="gender" defaultValue={input.gender} onChange={applyNow}>
            <option value="">{t("shop:allGenders")}</option>
            {SHOP_GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`shop:gender.${gender}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-stock">{t("shop:stock")}</label>
          <select id="filter-stock" name="stock" defaultValue={input.stock} onChange={applyNow}>
            <option value="">{t("shop:allStock")}</option>
            <option value="true">{t("shop:inStock")}</option>
            <option value="false">{t("shop:outOfStock")}</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-min">{t("shop:minPrice")}</label>
          <input id="filter-min" name="minPrice" type="number" inputMode="numeric" min={0} step={1} defaultValue={input.minPrice} onChange={applySoon} />
        </div>
        <div>
          <label htmlFor="filter-max">{t("shop:maxPrice")}</label>
          <input id="filter-max" name="maxPrice" type="number" inputMode="numeric" min={0} step={1} defaultValue={input.maxPrice} onChange={applySoon} />
        </div>
        <div className="filter-actions">
          <button type="submit" className="primary">
            {t("shop:apply")}
          </button>
          <Link to="/shop" className="button secondary">
            {t("shop:clear")}
          </Link>
        </div>
      </Form>

      {loading ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> {t("shop:loading")}
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
          <p>{t("shop:failed")}</p>
          <Link to={here} className="button" replace>
            {t("shop:tryAgain")}
          </Link>
        </div>
      ) : products.length === 0 ? (
        <p className="empty">{t("shop:none")}</p>
      ) : (
        <>
          <p className="result-count" aria-live="polite">
            {t("shop:count", { count: products.length })}
          </p>
          <ul className={loading ? "grid products pending" : "grid products"}>
            {products.map((product, position) => (
              <li key={product.id} className="card product-card">
                <CardPicture picture={product.picture} alt={product.name} position={position} />
                <h2 className="card-title">{product.name}</h2>
                <p className="description">{product.description}</p>
                <p className="price">{formatRupees(product.price)}</p>
                <ul className="badges" aria-label={t("shop:details")}>
                  <StockBadge shelf={product.stockQuantity} />
                  <li>{t(`shop:category.${product.category}`)}</li>
                  <li>{t(`shop:gender.${product.gender}`)}</li>
                  <li>{t("shop:size", { size: product.size })}</li>
                </ul>
                <Link to={`/product/${product.id}`} className="button small">
                  {t("shop:view")}
                  <span className="visually-hidden">{t("shop:viewOf", { name: product.name })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
