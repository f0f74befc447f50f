import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../domain/cart";
import { CATEGORY_ILLUSTRATION, parseShopProductId, shopProductCartId } from "../../domain/shop-products";
import { AddToCartForm, type Offer } from "../components/AddToCartForm";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ProductInfoSections } from "../components/ProductInfo";
import { PincodeCheck } from "../components/PincodeCheck";
import { pincodeCheck } from "../delivery/pincode-check.server";
import { shopProductImage } from "../images.server";
import { notFound, startingQuantity } from "../offers.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";
import { descriptionIn, nameIn, sizeIn } from "../../domain/catalogue-words";
import { StockBadge } from "../components/StockBadge";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  if (!data) {
    // A thrown 404 sends no messages of this page: the title stays English rather than show a key.
    const title = t("product:notFoundTitle");
    return [{ title: title === "product:notFoundTitle" ? NOT_FOUND_TITLE : title }];
  }
  return [{ title: t("product:metaTitle", { name: data.product.name }) }, { name: "description", content: data.product.description }];
};

const NOT_FOUND_TITLE = "Product not found | Churu Uniform House";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseShopProductId(params.id);
  const product = id === undefined ? undefined : await context.shop.catalogue.findProduct(id);
  if (!product) throw notFound("No such product");
  const lang = languageOf(request);
  const inStock = product.stockQuantity > 0;
  const offer: Offer = {
    productId: shopProductCartId(product.id),
    name: nameIn(lang, product),
    sizes: [],
    oneSizePrice: product.price,
    selectedSize: product.size,
    comingSoon: false,
    unavailable: inStock ? undefined : serverT(lang)("product:outOfStock"),
    maxQuantity: Math.max(MIN_QUANTITY, Math.min(MAX_QUANTITY, product.stockQuantity)),
  };
  // The address's pincode only: this page is kept and shared between visitors (decision 113).
  const { view: delivery, headers } = pincodeCheck(request, context.shop, { remembered: false });
  return data({
    // Its own words in the page's language, the English where it has no Hindi (decision 099).
    product: {
      id: product.id,
      name: nameIn(lang, product),
      description: descriptionIn(lang, product),
      stockQuantity: product.stockQuantity,
      category: product.category,
      gender: product.gender,
      size: sizeIn(lang, product.size),
      image: shopProductImage(product.imageUrl, CATEGORY_ILLUSTRATION[product.category]),
    },
    offer,
    quantity: startingQuantity(request, offer.maxQuantity),
    delivery,
    // The categories' and genders' names are the shop's (namespace `shop`).
    messages: routeMessages(request, "product", "shop", "delivery"),
  }, { headers });
}

export default function ProductDetail() {
  const { product, offer, quantity, delivery } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <Breadcrumbs trail={[{ label: t("nav.home"), to: "/" }, { label: t("product:shop"), to: "/shop" }, { label: product.name }]} />
      <article className="product-detail">
        <img src={product.image} alt={product.name} width="400" height="400" />
        <div>
          <h1>{product.name}</h1>
          <p>{product.description}</p>
          <ul className="badges" aria-label={t("product:details")}>
            <StockBadge shelf={product.stockQuantity} />
            <li>{t(`shop:category.${product.category}`)}</li>
            <li>{t(`shop:gender.${product.gender}`)}</li>
          </ul>
          <p>
            <strong>{t("product:size")}</strong> {product.size}
          </p>
          <AddToCartForm offer={offer} detail buyNow quantity={quantity} addLabel={() => t("product:addToCart")} />
          <PincodeCheck check={delivery} />
          <ProductInfoSections />
          <p>
            <Link to="/shop">{t("product:backToShop")}</Link>
          </p>
        </div>
      </article>
    </>
  );
}
