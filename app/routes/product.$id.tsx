import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../domain/cart";
import { CATEGORY_ILLUSTRATION, CATEGORY_LABELS, GENDER_LABELS, parseShopProductId, shopProductCartId } from "../../domain/shop-products";
import { AddToCartForm, type Offer } from "../components/AddToCartForm";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ProductInfoSections } from "../components/ProductInfo";
import { shopProductImage } from "../images.server";
import { notFound, startingQuantity } from "../offers.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.product.name} | Churu Uniform House` }, { name: "description", content: data.product.description }]
    : [{ title: "Product not found | Churu Uniform House" }];

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseShopProductId(params.id);
  const product = id === undefined ? undefined : await context.shop.catalogue.findProduct(id);
  if (!product) throw notFound("No such product");
  const inStock = product.stockQuantity > 0;
  const offer: Offer = {
    productId: shopProductCartId(product.id),
    name: product.name,
    sizes: [],
    oneSizePrice: product.price,
    selectedSize: product.size,
    comingSoon: false,
    unavailable: inStock ? undefined : "Out of Stock",
    maxQuantity: Math.max(MIN_QUANTITY, Math.min(MAX_QUANTITY, product.stockQuantity)),
  };
  return {
    product: { ...product, image: shopProductImage(product.imageUrl, CATEGORY_ILLUSTRATION[product.category]) },
    offer,
    quantity: startingQuantity(request, offer.maxQuantity),
  };
}

export default function ProductDetail() {
  const { product, offer, quantity } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumbs trail={[{ label: "Home", to: "/" }, { label: "Shop", to: "/shop" }, { label: product.name }]} />
      <article className="product-detail">
        <img src={product.image} alt={product.name} width="400" height="400" />
        <div>
          <h1>{product.name}</h1>
          <p>{product.description}</p>
          <ul className="badges" aria-label="Details">
            {product.stockQuantity > 0 ? <li className="badge-stock in">In Stock</li> : <li className="badge-stock out">Out of Stock</li>}
            <li>{CATEGORY_LABELS[product.category]}</li>
            <li>{GENDER_LABELS[product.gender]}</li>
          </ul>
          <p>
            <strong>Size:</strong> {product.size}
          </p>
          <AddToCartForm offer={offer} detail buyNow quantity={quantity} addLabel={() => "ADD TO CART"} />
          <ProductInfoSections />
          <p>
            <Link to="/shop">Back to the shop</Link>
          </p>
        </div>
      </article>
    </>
  );
}
