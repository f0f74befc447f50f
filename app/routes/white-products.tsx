import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { WHITE_PRODUCTS } from "../../domain/pricing";
import { AddToCartForm } from "../components/AddToCartForm";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { offerFor, tidySizeChoice } from "../offers.server";

export const meta: MetaFunction = () => [
  { title: "White Uniforms | Churu Uniform House" },
  { name: "description", content: "White shirts, pants, skirts, shorts, tunics, salwar suits and socks in every size. Pick a size to see its price." },
];

// Each card keeps its own size in the URL (?shirt=30&socks=M), so choosing one keeps the others.
const WHITE_PREFIX = "white/";

export async function loader({ request }: LoaderFunctionArgs) {
  tidySizeChoice(request, (productId) => (productId.startsWith(WHITE_PREFIX) ? productId.slice(WHITE_PREFIX.length) : undefined));
  const search = new URL(request.url).searchParams;
  const items = WHITE_PRODUCTS.map((white) => {
    const product = findCatalogueProduct(catalogueId.whiteProduct(white.key));
    if (!product) throw new Error(`catalogue has no white/${white.key}`);
    return {
      key: white.key,
      name: white.name,
      description: white.description,
      image: white.image,
      offer: offerFor(product, { size: search.get(white.key) }),
    };
  });
  return { items };
}

export default function WhiteProducts() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumbs trail={[{ label: "Home", to: "/" }, { label: "White Uniforms" }]} />
      <h1>White Uniforms</h1>
      <p>Plain white uniform pieces for schools that wear white on assembly and sports days. The price depends on the size.</p>
      <ul className="grid white-grid">
        {items.map((item) => (
          <li key={item.key} className="card" id={item.key}>
            <img src={item.image} alt={item.name} width="200" height="200" loading="lazy" decoding="async" />
            <h2 className="card-title">{item.name}</h2>
            <p className="description">{item.description}</p>
            <AddToCartForm offer={item.offer} sizeParam={item.key} chooseLabel="Select a size" />
          </li>
        ))}
      </ul>
    </>
  );
}
